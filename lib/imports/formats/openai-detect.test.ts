import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { CORPUS_DIR } from "@/lib/imports/testing/corpus";
import { IMPORTERS } from ".";
import { detectOpenAi } from "./openai-detect";

const sample = (text: string, name = "x.json") => ({ name, head: Buffer.from(text).subarray(0, 65_536) });
const LONG = "x".repeat(70_000);

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

describe("detectOpenAi on the corpus", () => {
  it("never outscores the importer that owns a file", async () => {
    const others = IMPORTERS.filter((importer) => importer.format !== "openai");
    let owned = 0;
    for (const path of listFiles(CORPUS_DIR)) {
      const head = await readFormatSample({ path, name: relative(CORPUS_DIR, path) });
      const best = Math.max(...others.map((importer) => importer.detect(head)));
      if (best === 0) continue;
      owned += 1;
      expect(detectOpenAi(head), relative(CORPUS_DIR, path)).toBeLessThan(best);
    }
    expect(owned).toBe(26);
  });
});

describe("detectOpenAi on containers", () => {
  it("scores parsed containers below the specific formats", () => {
    const messages = [
      { role: "user", content: "hi" },
      { role: "assistant", content: "yo" },
    ];
    expect(detectOpenAi(sample(JSON.stringify({ rollouts: messages, metrics: {} })))).toBe(50);
    expect(detectOpenAi(sample(JSON.stringify({ rollouts: [{ messages }] })))).toBe(50);
    expect(detectOpenAi(sample(JSON.stringify({ rollouts: [messages] })))).toBe(50);
    expect(detectOpenAi(sample(JSON.stringify({ conversation: messages })))).toBe(45);
    expect(detectOpenAi(sample(JSON.stringify({ prompt: messages.slice(0, 1), completion: "yo" })))).toBe(40);
    expect(detectOpenAi(sample(JSON.stringify([messages, messages])))).toBe(40);
  });

  it("refuses look-alikes: steps without roles, empty lists, plain prompt/completion strings", () => {
    const steps = [{ action: "ls", observation: "" }];
    expect(detectOpenAi(sample(JSON.stringify({ trajectory: steps })))).toBe(0);
    expect(
      detectOpenAi(sample(JSON.stringify({ trajectory: steps, history: [{ role: "user", content: "x" }] }))),
    ).toBe(0);
    expect(detectOpenAi(sample(JSON.stringify({ rollouts: [] })))).toBe(0);
    expect(detectOpenAi(sample(JSON.stringify({ rollouts: [{ reward: 1 }] })))).toBe(0);
    expect(detectOpenAi(sample(JSON.stringify({ prompt: "2+2", completion: "4" })))).toBe(0);
    expect(detectOpenAi(sample(JSON.stringify({ score: 1, metrics: { overall_score: 1 } })))).toBe(0);
  });

  it("judges containers cut off by the head from the first element's keys", () => {
    expect(detectOpenAi(sample(`{"rollouts": [{"role": "system", "content": "${LONG}`))).toBe(50);
    expect(
      detectOpenAi(sample(`{"rollouts": [[{"content": "hi", "role": "user"}, {"content": "${LONG}`)),
    ).toBe(50);
    expect(
      detectOpenAi(sample(`[{"id": 1, "rollouts": [{"conversation": [{"role": "user", "content": "${LONG}`)),
    ).toBe(50);
    expect(detectOpenAi(sample(`{"task": "t", "history": [{"role": "user", "content": "${LONG}`))).toBe(45);
    expect(detectOpenAi(sample(`{"history": [{"messages": [{"role": "user", "content": "${LONG}`))).toBe(0);
    expect(detectOpenAi(sample(`{"rollouts": [{"role": "narrator", "content": "${LONG}`))).toBe(0);
  });

  it("recognises simple-evals results and PaperBench trees from their top-level keys", () => {
    expect(detectOpenAi(sample(`{"score": 0.5, "metrics": {"a": 1}, "htmls": ["${LONG}`))).toBe(60);
    expect(detectOpenAi(sample(`{"score": 0.5, "convos": [], "metadata": null}`))).toBe(60);
    expect(
      detectOpenAi(sample(`{"id": "x", "requirements": "r", "weight": 1, "sub_tasks": [{"id": "${LONG}`)),
    ).toBe(1);
  });
});

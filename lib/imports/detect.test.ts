import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "@/lib/imports/testing/corpus";
import type { ImportFormat } from "@/lib/imports/types";
import { detectFormat, detectSourceFormat } from "./detect";
import { IMPORTERS } from "./formats";

/** The right format of every corpus file (sibling files such as metadata.json are not imports). */
function expectedFormat(name: string): ImportFormat | "sibling" | "none" {
  if (/(^|\/)(metadata|metrics)\.json$/.test(name) || name.endsWith(".md")) return "sibling";
  // mini-swe-agent trajectories are OpenAI-shaped, but the swe-agent importer owns them.
  if (name.startsWith("openai-chat/")) return "swe-agent";
  if (name.startsWith("anthropic-messages/")) return "anthropic";
  if (name.startsWith("verifiers/")) return "verifiers";
  if (name.startsWith("atif/")) return "atif";
  if (name.startsWith("langfuse-trace-export/")) return "langfuse";
  if (name.startsWith("inspect-ai-json/")) return "inspect";
  if (name.startsWith("swe-agent/")) return "swe-agent";
  if (name.startsWith("openhands/")) return "openhands";
  // Generic chat containers: tinker-cookbook rollouts, simple-evals HealthBench results, and PaperBench
  // grading trees (which the openai importer claims in order to explain they are not transcripts).
  if (
    /honeypot-gpt-oss\/|bash-codeforces-env\/|healthbench-simple-evals\/|paperbench-judge-eval\//.test(name)
  ) {
    return "openai";
  }
  return "none";
}

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const files = listFiles(CORPUS_DIR)
  .map((path) => ({ path, name: relative(CORPUS_DIR, path) }))
  .filter(({ name }) => name !== "SOURCES.md");

describe("detectFormat on the corpus", () => {
  it("finds the corpus (39 files)", () => {
    expect(files).toHaveLength(39);
  });

  for (const { path, name } of files) {
    const expected = expectedFormat(name);
    if (expected === "sibling") continue;
    it(`detects ${name} as ${expected}`, async () => {
      const detected = await detectSourceFormat({ path, name });
      expect(detected?.format ?? "none").toBe(expected);
    });
  }
});

describe("detectFormat", () => {
  const sample = (text: string, name = "x.json") => ({ name, head: Buffer.from(text) });

  it("returns null for empty, binary and unrelated input", () => {
    expect(detectFormat(sample(""))).toBeNull();
    expect(detectFormat(sample("\u0000\u0001PK"))).toBeNull();
    expect(detectFormat(sample('{"hello": "world"}'))).toBeNull();
  });

  it("tells OpenAI and Anthropic chat records apart", () => {
    const openai = {
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", tool_calls: [] },
      ],
    };
    const anthropic = {
      system: "s",
      messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "x" }] }],
    };
    expect(detectFormat(sample(JSON.stringify(openai)))?.format).toBe("openai");
    expect(detectFormat(sample(JSON.stringify(anthropic)))?.format).toBe("anthropic");
  });

  it("judges a record longer than the head by its top-level keys", () => {
    const head = `{"messages": [{"role": "user", "content": "${"x".repeat(70_000)}`.slice(0, 65_536);
    expect(detectFormat(sample(head))?.format).toBe("openai");
    const nested =
      `{"instance_id": "a", "history": [{"messages": [{"role": "user", "content": "${"x".repeat(70_000)}`.slice(
        0,
        65_536,
      );
    expect(detectFormat(sample(nested))?.format ?? null).not.toBe("openai");
  });

  it("claims Anthropic streaming captures (SSE, JSONL, JSON array) for anthropic alone", () => {
    const events = [
      {
        type: "message_start",
        message: { id: "m", type: "message", role: "assistant", model: "c", content: [] },
      },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "hi" } },
      { type: "message_stop" },
    ];
    const lines = events.map((event) => JSON.stringify(event));
    const huge = `[{"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": "${"x".repeat(70_000)}`;
    const shapes = [
      events.map((event, i) => `event: ${event.type}\ndata: ${lines[i]}\n\n`).join(""),
      `: comment\r\n\r\n${lines.map((line) => `data: ${line}\r\n\r\n`).join("")}`,
      lines.join("\n"),
      JSON.stringify(events, null, 2),
      huge.slice(0, 65_536),
    ];
    for (const text of shapes) {
      expect(detectFormat(sample(text))).toEqual({ format: "anthropic", confidence: 85 });
      const others = IMPORTERS.filter((importer) => importer.format !== "anthropic");
      expect(others.filter((importer) => importer.detect(sample(text)) > 0).map((i) => i.format)).toEqual([]);
    }
  });

  it("leaves other event streams and error-only captures unclaimed", () => {
    const chunk = {
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: { content: "hi" } }],
    };
    expect(detectFormat(sample(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`))).toBeNull();
    const overloaded = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
    expect(detectFormat(sample(`event: error\ndata: ${JSON.stringify(overloaded)}\n\n`))).toBeNull();
    expect(
      detectFormat(sample(`${JSON.stringify(overloaded)}\n${JSON.stringify({ type: "ping" })}\n`)),
    ).toBeNull();
  });
});

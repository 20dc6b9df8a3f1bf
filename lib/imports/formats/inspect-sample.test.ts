import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { collectImport, corpusPath, writeTempFile } from "@/lib/imports/testing/corpus";
import {
  DEFAULT_IMPORT_LIMITS,
  type ImportLimits,
  type NormalizedRollout,
  type ParsedRecord,
} from "@/lib/imports/types";
import { inspectImporter } from "./inspect";
import { readKeyedArrayDocument } from "./keyed-array-document";

// Sample mapping and edge cases of the Inspect importer on generated `.json` logs.

const POPULARITY = corpusPath("inspect-ai-json/2025-05-12T20-28-13-04-00_popularity.json");
const SECURITY = corpusPath("inspect-ai-json/2025-05-12T20-28-26-04-00_security-guide.json");

async function collect(path: string, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): Promise<ParsedRecord[]> {
  return (await collectImport(inspectImporter, path, limits)).items;
}

async function writeTemp(name: string, data: string | Buffer): Promise<string> {
  return writeTempFile(name, data);
}

function rolloutsOf(records: ParsedRecord[]): NormalizedRollout[] {
  return records.flatMap((record) => (record.kind === "rollout" ? [record.rollout] : []));
}

function errorsOf(records: ParsedRecord[]): string[] {
  return records.flatMap((record) => (record.kind === "error" ? [record.message] : []));
}

describe("inspect sample mapping", () => {
  const header = {
    version: 2,
    status: "error",
    eval: { task: "t", model: "m/x", solver: "react", scorers: [{ name: "grader" }, { name: "aux" }] },
    plan: { steps: [] },
  };

  async function importSamples(samples: unknown[], text?: string): Promise<ParsedRecord[]> {
    const body = text ?? JSON.stringify({ ...header, samples });
    return collect(await writeTemp("log.json", body));
  }

  it("rebuilds the conversation from model events when messages are absent, resolving attachments", async () => {
    const sample = {
      id: "s-1",
      epoch: 2,
      input: "q",
      target: ["a", "b"],
      messages: [],
      attachments: { abc: "a long system prompt", def: "tool output text" },
      events_data: {
        messages: [
          { id: "m1", role: "system", content: "attachment://abc" },
          {
            id: "m2",
            role: "user",
            content: [
              { type: "text", text: "q" },
              { type: "image", image: "data:image/png;base64,AAAA" },
            ],
          },
          {
            id: "m3",
            role: "assistant",
            content: [
              { type: "reasoning", reasoning: "think first", redacted: false },
              { type: "text", text: "" },
            ],
            tool_calls: [{ id: "c1", function: "bash", arguments: { cmd: "ls" } }],
          },
          {
            id: "m4",
            role: "tool",
            tool_call_id: "c1",
            function: "bash",
            content: "attachment://def",
            error: { type: "timeout", message: "timed out" },
          },
        ],
      },
      events: [
        {
          event: "model",
          input: [],
          input_refs: [[0, 4]],
          timestamp: "2025-01-01T00:00:00Z",
          output: {
            choices: [{ message: { id: "m5", role: "assistant", content: "done" } }],
            usage: { input_tokens: 7, output_tokens: 3 },
          },
        },
      ],
      scores: {
        grader: { value: { accuracy: "C", style: 0.25 } },
        aux: { value: "P" },
        broken: { value: Number.NaN },
      },
      limit: { type: "token", limit: 1000 },
    };
    const [record] = await importSamples([sample]);
    if (record.kind !== "rollout") throw new Error(record.message);
    const { rollout } = record;
    expect(rollout.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    expect(rollout.messages[0].text).toBe("a long system prompt");
    expect(rollout.messages[1].parts).toEqual([{ type: "image", mediaType: "image/png", dataBytes: 3 }]);
    expect(rollout.messages[2]).toMatchObject({
      reasoning: "think first",
      toolCalls: [{ id: "c1", name: "bash", arguments: { cmd: "ls" } }],
    });
    expect(rollout.messages[3]).toMatchObject({
      text: "tool output text",
      toolCallId: "c1",
      error: "timed out",
    });
    expect(rollout.messages[4]).toMatchObject({
      text: "done",
      tokens: { input: 7, output: 3 },
      createdAt: "2025-01-01T00:00:00.000Z",
    });
    expect(rollout.scores).toEqual({ "grader.accuracy": 1, "grader.style": 0.25, aux: 0.5 });
    // Two named values and no declared metric: no reward from the first key, and the note says so.
    expect(rollout.reward).toBeNull();
    expect(rollout.rewardNote).toMatch(
      /^reward ambiguous: scorer "grader" has several named values \(accuracy, style\)/,
    );
    expect(rollout).toMatchObject({
      externalId: "s-1_epoch_2",
      taskKey: "s-1",
      status: "truncated",
      harness: "inspect_ai/react",
    });
    expect(rollout.metadata).toMatchObject({
      target: ["a", "b"],
      limit: "token (1000)",
      messagesFrom: "model events",
    });
  });

  it("maps errored samples, old tool_error/reasoning fields, and NaN/Infinity tokens", async () => {
    const text = `{"version": 2, "status": "error", "eval": {"task": "t", "model": "m/x"}, "results": {"scores": [{"name": "acc", "scorer": "acc", "metrics": {"mean": {"value": NaN}}}]},
      "samples": [
        {"id": 1, "epoch": 1, "target": "x", "scores": {"acc": {"value": Infinity}}, "error": {"message": "RuntimeError: sandbox died", "traceback": "tb"},
         "messages": [{"role": "assistant", "content": "hi", "reasoning": "old-style"},
                      {"role": "tool", "content": "boom", "tool_error": "permission denied"}]},
        {"id": 2, "epoch": 1, "target": "y", "scores": {"acc": {"value": -Infinity}, "other": {"value": 0.5}}, "messages": []}
      ]}`;
    const records = await importSamples([], text);
    const rollouts = rolloutsOf(records);
    expect(rollouts).toHaveLength(2);
    expect(rollouts[0]).toMatchObject({ status: "error", error: "RuntimeError: sandbox died", reward: null });
    expect(rollouts[0].scores).toBeUndefined();
    expect(rollouts[0].messages[0].reasoning).toBe("old-style");
    expect(rollouts[0].messages[1]).toMatchObject({
      role: "tool",
      error: "permission denied",
      toolCallId: null,
    });
    expect(rollouts[1]).toMatchObject({ reward: null, scores: { other: 0.5 }, messages: [] });
  });

  it("reports malformed, non-object and oversized samples by index and line, importing the rest", async () => {
    const good = { id: 1, epoch: 1, messages: [{ role: "user", content: "hello" }] };
    const big = { id: 3, epoch: 1, messages: [{ role: "user", content: "x".repeat(5000) }] };
    const text = `{"eval": {"task": "t", "model": "m"}, "version": 2, "samples": [\n${JSON.stringify(good)},\n"oops",\n${JSON.stringify(big)},\n{"id": 4, "messages": [{"content": "no role"}]}\n]}`;
    const records = await importSamples([], text);
    expect(records.map((r) => [r.kind, r.record, r.line])).toEqual([
      ["rollout", 1, 2],
      ["error", 2, 3],
      ["rollout", 3, 4],
      ["error", 4, 5],
    ]);
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxRecordBytes: 4096 };
    const limited = await collect(await writeTemp("limited.json", text), limits);
    expect(errorsOf(limited)).toEqual([
      "sample 2: not an Inspect sample: Invalid input: expected object, received string",
      "sample 3 is 4.9 KiB, over the 4 KiB record limit; skipped",
      'sample 4: message 1: "role": Invalid input: expected string, received undefined',
    ]);
  });

  it("imports the complete samples of a truncated log and says where it stopped", async () => {
    const full = await readFile(POPULARITY, "utf8");
    const cut = full.slice(0, full.indexOf('"id": 3,'));
    const records = await collect(await writeTemp("cut.json", cut));
    expect(rolloutsOf(records).map((r) => r.reward)).toEqual([1, 1]);
    expect(errorsOf(records)).toEqual([
      "the file ends inside sample 3 (truncated file); the 2 complete samples before it were read",
    ]);
  });

  it("streams with tiny read chunks exactly as with large ones", async () => {
    const items = async (chunkBytes: number) => {
      const out: unknown[] = [];
      const options = { key: "samples", noun: "sample", limits: DEFAULT_IMPORT_LIMITS, chunkBytes };
      for await (const item of readKeyedArrayDocument(SECURITY, options)) out.push(item);
      return out;
    };
    const small = await items(7);
    expect(small).toHaveLength(4);
    expect(small).toEqual(await items(1024 * 1024));
  });

  it("rejects empty files, other formats and logs without samples", async () => {
    await expect(collect(await writeTemp("empty.json", ""))).rejects.toThrow("the file is empty");
    await expect(collect(await writeTemp("array.json", "[1, 2]"))).rejects.toThrow(
      "expected a JSON object ('{')",
    );
    await expect(collect(await writeTemp("other.json", '{"messages": []}'))).rejects.toThrow(
      /not an Inspect log header: "eval"/,
    );
    expect(errorsOf(await importSamples([]))).toEqual(["the log has no samples (log status: error)"]);
    const notZip = await writeTemp(
      "bad.eval",
      Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(40)]),
    );
    await expect(collect(notZip)).rejects.toThrow(/no zip end-of-directory record/);
  });
});

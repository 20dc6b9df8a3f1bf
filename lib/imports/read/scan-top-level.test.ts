import { describe, expect, it } from "vitest";
import { writeTempFile } from "@/lib/imports/testing/corpus";
import { scanTopLevel, TopLevelScanner } from "./scan-top-level";

describe("scanTopLevel", () => {
  it("finds every top-level key and short value, past long strings and nested values", async () => {
    const document = {
      info: {
        submission: `diff --git a/x b/x\n${'+ line with "quotes", a \\ backslash and {braces}\n'.repeat(5_000)}`,
      },
      messages: [{ role: "user", content: "{not a key: 1}", nested: { trajectory_format: "inner" } }],
      count: 3,
      done: true,
      none: null,
      "é key": "ünïcode",
      trajectory_format: "mini-swe-agent-1",
    };
    const path = writeTempFile("doc.json", JSON.stringify(document, null, 2));
    const scan = await scanTopLevel(path);
    expect(scan.keys).toEqual(["info", "messages", "count", "done", "none", "é key", "trajectory_format"]);
    expect(scan.values).toEqual({
      count: 3,
      done: true,
      none: null,
      "é key": "ünïcode",
      trajectory_format: "mini-swe-agent-1",
    });
    expect(scan.isComplete).toBe(true);
  });

  it("gives the same answer whatever the chunk boundaries", () => {
    const text = JSON.stringify({ a: 'x\\"y', b: [1, { c: "}" }], d: "z", e: -1.5e3 });
    const expected = { keys: ["a", "b", "d", "e"], values: { a: 'x\\"y', d: "z", e: -1500 } };
    for (let size = 1; size <= 7; size++) {
      const scanner = new TopLevelScanner();
      const bytes = Buffer.from(text);
      for (let i = 0; i < bytes.length; i += size) scanner.push(bytes.subarray(i, i + size));
      expect(scanner.result(), `chunks of ${size}`).toMatchObject({ ...expected, isComplete: true });
    }
  });

  it("stops at the end of the first object (JSONL) and says when it never closes", async () => {
    const jsonl = writeTempFile("a.jsonl", '{"a": 1}\n{"b": 2}\n');
    expect(await scanTopLevel(jsonl)).toMatchObject({ keys: ["a"], isComplete: true });
    const cut = writeTempFile("cut.json", '{"a": 1, "b": "open');
    expect(await scanTopLevel(cut)).toMatchObject({ keys: ["a", "b"], isComplete: false });
  });
});

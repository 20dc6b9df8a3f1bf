import { describe, expect, it } from "vitest";
import { writeTempFile } from "@/lib/imports/testing/corpus";
import { type LineItem, readLines } from "./read-lines";

async function collect(path: string, options: Parameters<typeof readLines>[1]): Promise<LineItem[]> {
  const items: LineItem[] = [];
  for await (const item of readLines(path, options)) items.push(item);
  return items;
}

describe("readLines", () => {
  it("yields lines with 1-based numbers, skipping blank ones, across tiny read chunks", async () => {
    const path = writeTempFile("a.jsonl", '\uFEFF{"a":1}\r\n\n  \n{"b":"héllo wörld"}\n{"c":3}');
    const items = await collect(path, { maxRecordBytes: 1024, chunkBytes: 3 });
    expect(items).toEqual([
      { kind: "line", line: 1, text: '{"a":1}' },
      { kind: "line", line: 4, text: '{"b":"héllo wörld"}' },
      { kind: "line", line: 5, text: '{"c":3}' },
    ]);
  });

  it("reports an over-long line and carries on with the next one", async () => {
    const long = `{"x":"${"y".repeat(200)}"}`;
    const path = writeTempFile("b.jsonl", `{"a":1}\n${long}\n{"b":2}\n`);
    const items = await collect(path, { maxRecordBytes: 100, chunkBytes: 16 });
    expect(items).toEqual([
      { kind: "line", line: 1, text: '{"a":1}' },
      { kind: "error", line: 2, message: "line is longer than the 100 bytes record limit; skipped" },
      { kind: "line", line: 3, text: '{"b":2}' },
    ]);
  });

  it("keeps blank lines when asked and handles a file without a final newline", async () => {
    const path = writeTempFile("c.txt", "a\n\nb");
    const items = await collect(path, { maxRecordBytes: 10, includeBlank: true });
    expect(items.map((item) => (item.kind === "line" ? item.text : item.message))).toEqual(["a", "", "b"]);
  });

  it("yields nothing for an empty file", async () => {
    expect(await collect(writeTempFile("d.jsonl", ""), { maxRecordBytes: 10 })).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { writeTempFile } from "@/lib/imports/testing/corpus";
import { type ArrayElement, splitJsonArray } from "./split-json-array";

async function collect(content: string, maxRecordBytes = 1024): Promise<ArrayElement[]> {
  const items: ArrayElement[] = [];
  for await (const item of splitJsonArray(writeTempFile("a.json", content), {
    maxRecordBytes,
    chunkBytes: 5,
  })) {
    items.push(item);
  }
  return items;
}

describe("splitJsonArray", () => {
  it("splits elements with their start lines, ignoring commas and brackets in strings", async () => {
    const items = await collect('[\n {"a": "x,]}\\"y"},\n [1, [2]],\n "s", 4\n]');
    expect(items).toEqual([
      { kind: "element", index: 1, line: 2, text: '{"a": "x,]}\\"y"}' },
      { kind: "element", index: 2, line: 3, text: "[1, [2]]" },
      { kind: "element", index: 3, line: 4, text: '"s"' },
      { kind: "element", index: 4, line: 4, text: "4\n" },
    ]);
  });

  it("yields nothing for an empty array", async () => {
    expect(await collect(" [ ] ")).toEqual([]);
  });

  it("skips an element over the size limit and keeps the rest", async () => {
    const items = await collect(`[{"a":1},{"b":"${"z".repeat(100)}"},{"c":3}]`, 50);
    expect(items.map((item) => item.kind)).toEqual(["element", "error", "element"]);
    expect(items[1]).toMatchObject({
      index: 2,
      message: "array element is longer than the 50 bytes record limit; skipped",
    });
  });

  it("keeps complete elements of a truncated file and reports the cut one", async () => {
    const items = await collect('[{"a":1},\n{"b":');
    expect(items).toEqual([
      { kind: "element", index: 1, line: 1, text: '{"a":1}' },
      {
        kind: "error",
        index: 2,
        line: 2,
        message: "the file ends inside this array element (truncated JSON); element skipped",
      },
    ]);
  });

  it("refuses a file that is not an array", async () => {
    expect(await collect('{"a":1}')).toEqual([
      { kind: "error", line: 1, message: "expected a JSON array ('[') at the start of the file" },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { writeTempFile } from "@/lib/imports/testing/corpus";
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from "@/lib/imports/types";
import { ImportFileError } from "./read-file-head";
import {
  detectJsonLayout,
  type JsonRecordItem,
  readJsonDocument,
  readJsonRecords,
} from "./read-json-records";

async function collect(
  name: string,
  content: string,
  limits: Partial<ImportLimits> = {},
): Promise<JsonRecordItem[]> {
  const items: JsonRecordItem[] = [];
  const path = writeTempFile(name, content);
  for await (const item of readJsonRecords(path, { name, limits: { ...DEFAULT_IMPORT_LIMITS, ...limits } })) {
    items.push(item);
  }
  return items;
}

describe("detectJsonLayout", () => {
  it("tells JSONL, arrays and pretty-printed documents apart", () => {
    expect(detectJsonLayout("x.json", Buffer.from('{"a":1}\n{"a":2}\n'))).toBe("jsonl");
    expect(detectJsonLayout("x.json", Buffer.from('{\n  "a": 1\n}\n'))).toBe("document");
    expect(detectJsonLayout("x.json", Buffer.from(' [{"a":1}]'))).toBe("array");
    expect(detectJsonLayout("x.jsonl", Buffer.from('{\n"a":1}'))).toBe("jsonl");
    expect(detectJsonLayout("x.json", Buffer.from("   "))).toBeNull();
    expect(detectJsonLayout("x.json", Buffer.from("hello"))).toBeNull();
  });
});

describe("readJsonRecords", () => {
  it("keeps going past a malformed line in the middle of a JSONL file", async () => {
    const items = await collect("a.jsonl", '{"n":1}\n{"n":2,\n{"n":3}\n');
    expect(items).toEqual([
      { kind: "record", record: 1, line: 1, value: { n: 1 } },
      {
        kind: "error",
        record: 2,
        line: 2,
        message:
          "malformed JSON: unexpected end of JSON (the record looks truncated) at line 1, column 8 (position 7)",
      },
      { kind: "record", record: 3, line: 3, value: { n: 3 } },
    ]);
  });

  it("reports a line over maxRecordBytes and imports the others", async () => {
    const items = await collect("b.jsonl", `{"n":1}\n{"big":"${"x".repeat(300)}"}\n{"n":3}\n`, {
      maxRecordBytes: 100,
    });
    expect(items.map((item) => item.kind)).toEqual(["record", "error", "record"]);
    expect(items[1]).toEqual({
      kind: "error",
      record: 2,
      line: 2,
      message: "line is longer than the 100 bytes record limit; skipped",
    });
  });

  it("streams the elements of a top-level array, each depth-checked one level down", async () => {
    const items = await collect("c.json", '[{"a":[[1]]}, {"a":[[[1]]]}]', { maxJsonDepth: 4 });
    expect(items[0]).toEqual({ kind: "record", record: 1, line: 1, value: { a: [[1]] } });
    expect(items[1]).toMatchObject({
      kind: "error",
      record: 2,
      message: expect.stringContaining("deeper than 3 levels"),
    });
  });

  it("reads a pretty-printed document as one record", async () => {
    const items = await collect("d.json", '{\n  "a": NaN\n}\n');
    expect(items).toEqual([{ kind: "record", record: 1, line: 1, value: { a: null } }]);
  });

  it("reports a truncated document and an empty file", async () => {
    expect(await collect("e.json", '{\n  "a": [1,\n')).toEqual([
      {
        kind: "error",
        record: 1,
        line: 1,
        message:
          "malformed JSON: unexpected end of JSON (the record looks truncated) at line 3, column 1 (position 13)",
      },
    ]);
    expect(await collect("f.jsonl", "")).toEqual([
      { kind: "error", message: "the file is empty or does not start with JSON ('{' or '[')" },
    ]);
  });

  it("throws a file error when the file is over maxFileBytes", async () => {
    await expect(collect("g.jsonl", '{"a":1}\n', { maxFileBytes: 4 })).rejects.toThrow(ImportFileError);
    await expect(collect("g.jsonl", '{"a":1}\n', { maxFileBytes: 4 })).rejects.toThrow(
      "file is 8 bytes, over the 4 bytes import limit",
    );
  });
});

describe("readJsonDocument", () => {
  it("refuses a document larger than the record limit", async () => {
    const path = writeTempFile("h.json", `{"a":"${"x".repeat(100)}"}`);
    await expect(readJsonDocument(path, { maxRecordBytes: 50, maxJsonDepth: 10 })).rejects.toThrow(
      "the file is 108 bytes, over the 50 bytes limit for one record",
    );
  });
});

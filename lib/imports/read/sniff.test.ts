import { describe, expect, it } from "vitest";
import { findJsonString, hasJsonKey, readTopLevelKeys, viewHead } from "./sniff";

describe("viewHead", () => {
  it("parses a whole small document and lists array elements", () => {
    const view = viewHead(Buffer.from('[{"a":1},{"b":2}]'));
    expect(view).toMatchObject({ opening: "[", isWholeDocument: true, records: [{ a: 1 }, { b: 2 }] });
  });

  it("keeps the complete lines of a cut JSONL head", () => {
    const view = viewHead(Buffer.from('{"a":1}\n{"b":2}\n{"c":'));
    expect(view).toMatchObject({ opening: "{", isWholeDocument: false, records: [{ a: 1 }, { b: 2 }] });
  });

  it("keeps the complete elements of a cut array head", () => {
    expect(viewHead(Buffer.from('[{"a":"x]"},{"b":[2]},{"c":')).records).toEqual([{ a: "x]" }, { b: [2] }]);
  });
});

describe("readTopLevelKeys", () => {
  it("lists the first record's top-level keys, skipping nested ones, even when cut off", () => {
    expect(readTopLevelKeys('{"info": {"inner": 1, "x": [{"deep": 2}]}, "messages": [{"role": "us')).toEqual([
      "info",
      "messages",
    ]);
    expect(readTopLevelKeys('[{"a": {"b": 1}, "c": 2}, {"d": 3}]')).toEqual(["a", "c"]);
    expect(readTopLevelKeys('{"text": "\\"fake\\": 1", "real": 2}\n{"next": 1}')).toEqual(["text", "real"]);
  });
});

describe("key helpers", () => {
  it("find keys and string values in raw text", () => {
    const text = '{"schema_version": "ATIF-v1.4", "steps": []}';
    expect(hasJsonKey(text, "steps")).toBe(true);
    expect(hasJsonKey(text, "step")).toBe(false);
    expect(findJsonString(text, "schema_version")).toBe("ATIF-v1.4");
  });
});

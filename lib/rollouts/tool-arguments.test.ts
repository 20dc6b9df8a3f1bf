import { describe, expect, it } from "vitest";
import { readArgumentText, splitArgumentFields } from "./tool-arguments";
import { formatArguments } from "./transcript-text";

// Issue 33, item 8: arguments carrying code were shown as one escaped JSON string.

const writeFile = {
  path: "tests/test_parser.py",
  content: 'def test_parse():\n    assert parse("1") == 1\n',
  overwrite: true,
};

describe("splitArgumentFields", () => {
  it("shows a multi-line string as its text, in the language its sibling path names", () => {
    const fields = splitArgumentFields(writeFile);
    expect(fields).toEqual([
      { kind: "text", key: "path", path: "/path", text: "tests/test_parser.py", language: null },
      {
        kind: "text",
        key: "content",
        path: "/content",
        text: 'def test_parse():\n    assert parse("1") == 1\n',
        language: "Python",
      },
      { kind: "json", key: "overwrite", path: "/overwrite", json: "true" },
    ]);
  });

  it("calls a multi-line command shell, and a named language by its name", () => {
    expect(splitArgumentFields({ command: "cd repo\npytest -q" })?.[0]).toMatchObject({ language: "Shell" });
    expect(splitArgumentFields({ code: "a = 1\nb = 2", language: "python" })?.[0]).toMatchObject({
      language: "python",
    });
    expect(splitArgumentFields({ note: "one\ntwo" })?.[0]).toMatchObject({ language: null });
  });

  it("leaves arguments without multi-line text, and arguments that are no object, to the JSON view", () => {
    expect(splitArgumentFields({ path: "a.py", line: 3 })).toBeNull();
    expect(splitArgumentFields(["x\ny"])).toBeNull();
    expect(splitArgumentFields("not json {")).toBeNull();
    expect(splitArgumentFields(null)).toBeNull();
  });

  it("escapes keys holding / or ~ in their JSON pointers", () => {
    const fields = splitArgumentFields({ "a/b": "x\ny", "c~d": 1 });
    expect(fields?.map((f) => f.path)).toEqual(["/a~1b", "/c~0d"]);
  });
});

describe("readArgumentText", () => {
  it("reads the string a pointer names, and the pretty-printed whole for the empty pointer", () => {
    expect(readArgumentText(writeFile, "/content")).toBe(writeFile.content);
    expect(readArgumentText(writeFile, "")).toBe(formatArguments(writeFile));
    expect(readArgumentText({ files: [{ text: "x" }] }, "/files/0/text")).toBe("x");
    expect(readArgumentText({ "a/b": "slash" }, "/a~1b")).toBe("slash");
  });

  it("is null for a pointer to no string", () => {
    expect(readArgumentText(writeFile, "/overwrite")).toBeNull();
    expect(readArgumentText(writeFile, "/missing")).toBeNull();
    expect(readArgumentText(writeFile, "content")).toBeNull();
    expect(readArgumentText({ list: ["a"] }, "/list/01")).toBeNull();
    expect(readArgumentText({}, "/constructor")).toBeNull();
  });
});

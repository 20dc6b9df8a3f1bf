import { describe, expect, it } from "vitest";
import { jsonPathEqualsConfig } from "./check-schemas";
import { evaluateJsonPathEquals, findJson, isJsonEqual, parseJsonPath, readJsonPath } from "./json-path";

describe("parseJsonPath", () => {
  it("parses names, quoted names and indexes", () => {
    expect(parseJsonPath("$.flaws[0]['the title'][\"x\"][-1]")).toEqual(["flaws", 0, "the title", "x", -1]);
    expect(parseJsonPath("$")).toEqual([]);
  });

  it("refuses what it does not support", () => {
    expect(parseJsonPath("flaws[0]")).toHaveProperty("error");
    expect(parseJsonPath("$.flaws[*]")).toHaveProperty("error");
    expect(parseJsonPath("$..name")).toHaveProperty("error");
  });
});

describe("readJsonPath and isJsonEqual", () => {
  const doc = { a: { list: [1, { b: null }] } };
  it("reads present values, including null, and reports missing ones", () => {
    expect(readJsonPath(doc, ["a", "list", -1, "b"])).toEqual({ found: true, value: null });
    expect(readJsonPath(doc, ["a", "list", 5])).toEqual({ found: false });
    expect(readJsonPath(doc, ["a", "nope"])).toEqual({ found: false });
  });

  it("compares structurally, ignoring key order", () => {
    expect(isJsonEqual({ x: [1, { y: 2 }], z: "s" }, { z: "s", x: [1, { y: 2 }] })).toBe(true);
    expect(isJsonEqual([1, 2], [2, 1])).toBe(false);
    expect(isJsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});

describe("findJson", () => {
  it("finds JSON in prose or a fenced block", () => {
    expect(findJson('Here:\n```json\n{"verdict": "refuted"}\n```\nDone.')).toEqual({
      ok: true,
      value: { verdict: "refuted" },
    });
    expect(findJson('My answer is {"n": 3} as computed.')).toEqual({ ok: true, value: { n: 3 } });
    expect(findJson("no json")).toEqual({ ok: false });
  });
});

describe("evaluateJsonPathEquals", () => {
  const config = (over: object) =>
    jsonPathEqualsConfig.parse({ path: "$.verdict", expected: "refuted", ...over });
  it("passes on an equal value and fails with what it found", () => {
    expect(evaluateJsonPathEquals(config({}), '{"verdict":"refuted"}').passed).toBe(true);
    expect(evaluateJsonPathEquals(config({}), '{"verdict":"supported"}')).toEqual({
      passed: false,
      score: 0,
      detail: '$.verdict is "supported", expected "refuted".',
    });
  });

  it("compares objects and numbers as JSON", () => {
    const nested = config({ path: "$.effect", expected: { size: 0.4, ci: [0.1, 0.7] } });
    expect(evaluateJsonPathEquals(nested, '{"effect":{"ci":[0.1,0.7],"size":0.4}}').passed).toBe(true);
    expect(evaluateJsonPathEquals(config({ path: "$.n", expected: 3 }), '{"n":"3"}').passed).toBe(false);
  });

  it("explains missing JSON and missing paths", () => {
    expect(evaluateJsonPathEquals(config({}), "refuted").detail).toBe("The response holds no JSON document.");
    expect(evaluateJsonPathEquals(config({}), '{"other":1}').detail).toBe(
      "Nothing at $.verdict in the response's JSON.",
    );
  });
});

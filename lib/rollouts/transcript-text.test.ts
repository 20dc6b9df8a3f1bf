import { describe, expect, it } from "vitest";
import { formatArguments, parseMessageAnchor, toSafeUrl, truncateText } from "./transcript-text";

describe("truncateText", () => {
  it("keeps short text whole", () => {
    expect(truncateText("hello\nworld", { maxChars: 100, maxLines: 5 })).toEqual({
      text: "hello\nworld",
      isTruncated: false,
      hiddenChars: 0,
    });
  });

  it("cuts by characters and reports what is hidden", () => {
    const result = truncateText("x".repeat(1000), { maxChars: 300, maxLines: 50 });
    expect(result.text.length).toBe(300);
    expect(result.hiddenChars).toBe(700);
    expect(result.isTruncated).toBe(true);
  });

  it("cuts by lines", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const result = truncateText(text, { maxChars: 100_000, maxLines: 10 });
    expect(result.text.split("\n")).toHaveLength(10);
    expect(result.text.endsWith("line 9")).toBe(true);
    expect(result.hiddenChars).toBe(text.length - result.text.length);
  });

  it("never splits an emoji's surrogate pair", () => {
    const result = truncateText("ab😀cd", { maxChars: 3, maxLines: 5 });
    expect(result.text).toBe("ab");
    expect(result.hiddenChars).toBe(4);
  });
});

describe("parseMessageAnchor", () => {
  it("reads #m-N and clamps it to the transcript", () => {
    expect(parseMessageAnchor("#m-42", 100)).toBe(42);
    expect(parseMessageAnchor("m-0", 100)).toBe(0);
    expect(parseMessageAnchor("#m-299999", 1000)).toBe(999);
  });

  it("ignores other hashes", () => {
    for (const hash of ["", "#", "#m-", "#m--1", "#x-3", "#m-3a", "#m-1e3"])
      expect(parseMessageAnchor(hash, 10)).toBeNull();
    expect(parseMessageAnchor("#m-1", 0)).toBeNull();
  });
});

describe("formatArguments", () => {
  it("pretty-prints JSON and keeps unparsable strings as they are", () => {
    expect(formatArguments({ cmd: "ls", n: 2 })).toBe('{\n  "cmd": "ls",\n  "n": 2\n}');
    expect(formatArguments('{"cmd": "cat')).toBe('{"cmd": "cat');
    expect(formatArguments("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });
});

describe("toSafeUrl", () => {
  it("keeps web, mail and in-page links", () => {
    expect(toSafeUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(toSafeUrl("mailto:a@b.c")).toBe("mailto:a@b.c");
    expect(toSafeUrl("#m-12")).toBe("#m-12");
  });

  it("drops script, data and obfuscated schemes, and relative paths", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
      "/api/v1/rollouts",
      "//evil.example/x",
    ]) {
      expect(toSafeUrl(url), url).toBe("");
    }
  });
});

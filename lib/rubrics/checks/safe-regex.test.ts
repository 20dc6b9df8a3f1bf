import { describe, expect, it } from "vitest";
import { regexConfig } from "./check-schemas";
import { evaluateRegex } from "./regex";
import { compileSafeRegex, isSafePattern } from "./safe-regex";

describe("compileSafeRegex", () => {
  it("matches like a JavaScript regex for the patterns authors write", () => {
    expect(compileSafeRegex("p\\s*<\\s*(0\\.\\d+)").exec("so p < 0.01 here")).toEqual({
      text: "p < 0.01",
      firstGroup: "0.01",
    });
    expect(compileSafeRegex("^b$", "m").exec("a\nb\nc")?.text).toBe("b");
    expect(compileSafeRegex("A.B", "is").exec("a\nb")?.text).toBe("a\nb");
    expect(compileSafeRegex("x").exec("abc")).toBeNull();
  });

  it("refuses what RE2 can't run in linear time: backreferences and lookaround", () => {
    expect(isSafePattern("(a)\\1")).toBe(false);
    expect(isSafePattern("a(?=b)")).toBe(false);
    expect(isSafePattern("a", "g")).toBe(false);
    expect(regexConfig.safeParse({ pattern: "(\\w+) \\1" }).success).toBe(false);
  });

  it("runs a catastrophic-backtracking pattern over a hostile text at once", () => {
    // With JavaScript's engine, (a+)+$ on 5,000 a's and a "!" backtracks for longer than the universe.
    const config = regexConfig.parse({ pattern: "(a+)+$" });
    const started = performance.now();
    const result = evaluateRegex(config, `${"a".repeat(5_000)}!`);
    expect(result.passed).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

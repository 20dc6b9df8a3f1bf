import { describe, expect, it } from "vitest";
import { regexConfig } from "./check-schemas";
import { evaluateRegex } from "./regex";

const config = (over: object) => regexConfig.parse({ pattern: "p\\s*[<=]\\s*0\\.0[0-5]", ...over });

describe("evaluateRegex", () => {
  it("passes when the pattern matches and says where", () => {
    const result = evaluateRegex(config({}), "The effect is significant (p < 0.01).");
    expect(result).toEqual({
      passed: true,
      score: 1,
      detail: 'Matches /p\\s*[<=]\\s*0\\.0[0-5]/ at "p < 0.01".',
    });
  });

  it("fails when it does not match, honouring flags", () => {
    expect(evaluateRegex(config({}), "P < 0.01").passed).toBe(false);
    expect(evaluateRegex(config({ flags: "i" }), "P < 0.01").passed).toBe(true);
  });

  it("inverts with shouldMatch: false (a forbidden pattern)", () => {
    const forbidden = config({ pattern: "as an ai language model", flags: "i", shouldMatch: false });
    expect(evaluateRegex(forbidden, "As an AI language model, I cannot").passed).toBe(false);
    expect(evaluateRegex(forbidden, "Here is the design.").passed).toBe(true);
  });

  it("rejects invalid patterns and flags at parse time", () => {
    expect(regexConfig.safeParse({ pattern: "(unclosed" }).success).toBe(false);
    expect(regexConfig.safeParse({ pattern: "a", flags: "g" }).success).toBe(false);
  });
});

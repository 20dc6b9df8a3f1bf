import { describe, expect, it } from "vitest";
import { findQuote, pageOf, splitParagraphs, splitSentences } from "./passages";

describe("findQuote", () => {
  const text = "The study enrolled\n  412 participants.\n\nThe control group received a placebo.";

  it("finds a quote whose white space differs, and returns offsets into the original text", () => {
    const at = findQuote(text, "enrolled 412   participants.");
    expect(at).not.toBeNull();
    expect(text.slice(at!.start, at!.end)).toBe("enrolled\n  412 participants.");
  });

  it("refuses a quote with any word changed, and an empty quote", () => {
    expect(findQuote(text, "enrolled 421 participants")).toBeNull();
    expect(findQuote(text, "   ")).toBeNull();
  });
});

describe("pageOf", () => {
  it("maps offsets to 1-based pages, and null without pages", () => {
    expect(pageOf([0, 100, 250], 0)).toBe(1);
    expect(pageOf([0, 100, 250], 120)).toBe(2);
    expect(pageOf([0, 100, 250], 900)).toBe(3);
    expect(pageOf([], 5)).toBeNull();
  });
});

describe("splitting", () => {
  it("splits paragraphs on blank lines, keeping offsets", () => {
    const text = "First line.\nstill first.\n\n  \nSecond.";
    expect(splitParagraphs(text)).toEqual([
      { text: "First line.\nstill first.", start: 0 },
      { text: "Second.", start: 29 },
    ]);
  });

  it("splits sentences but not decimals", () => {
    expect(splitSentences("Growth was 2.5 percent. Then it fell. 40 firms left!")).toEqual([
      "Growth was 2.5 percent.",
      "Then it fell.",
      "40 firms left!",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { findContradiction, parseGroundedAnswer, verifyProposal } from "./grounded";

const DOCUMENT = {
  id: "8d1c2c63-2b7a-4cf5-9a57-6f2d1b1f0a11",
  name: "eu-ai-act-summary.md",
  text: [
    "Providers of general-purpose AI models must keep technical documentation up to date.",
    "",
    "Fines for prohibited practices reach 35 million euros or 7 percent of worldwide annual turnover,",
    "whichever is higher.",
  ].join("\n"),
  pageStarts: [],
};

describe("parseGroundedAnswer", () => {
  it("reads JSON inside a fenced answer and refuses prose or the wrong shape", () => {
    const answer = '```json\n{"tasks":[{"title":"Fines","question":"How high?","facts":[]}]}\n```';
    expect(parseGroundedAnswer(answer)?.[0].title).toBe("Fines");
    expect(parseGroundedAnswer("I could not do it.")).toBeNull();
    expect(parseGroundedAnswer('{"tasks":"none"}')).toBeNull();
  });
});

describe("verifyProposal", () => {
  it("keeps only facts whose quote is in the document, cites them exactly, and drops the rest", () => {
    const result = verifyProposal(DOCUMENT, {
      title: "Fines under the AI Act",
      question: "What is the highest fine for prohibited practices?",
      facts: [
        {
          statement: "Fines reach 35 million euros or 7 percent of turnover.",
          quote: "reach 35 million euros or 7 percent of worldwide annual turnover, whichever is higher.",
        },
        { statement: "Fines are capped at 10 million euros.", quote: "capped at 10 million euros" },
      ],
    });
    if (!result.content) throw new Error("the supported fact was dropped");
    expect(result.citations).toHaveLength(1);
    const [citation] = result.citations;
    // The citation points at text that really is in the document (exact after white space is normalised).
    expect(DOCUMENT.text.slice(citation.start, citation.end).replace(/\s+/g, " ")).toBe(citation.quote);
    expect(result.dropped).toEqual([
      { fact: "Fines are capped at 10 million euros.", why: "its quote is not in the document" },
    ]);
    expect(result.content.answerKey).toContain("35 million euros");
    expect(result.content.answerKey).not.toContain("10 million");
    expect(result.content.criteria.map((c) => c.key)).toEqual(["fact-1", "cites-passages", "honest-give-up"]);
  });

  it("rejects a fact the document contradicts even when its quote is real", () => {
    const result = verifyProposal(DOCUMENT, {
      title: "Fines",
      question: "What share of turnover?",
      facts: [
        { statement: "Fines reach 6 percent of turnover.", quote: "7 percent of worldwide annual turnover" },
      ],
    });
    expect(result.content).toBeNull();
    expect(result.dropped[0].why).toMatch(/^contradicted: the document says 7/);
  });

  it("rejects a negated fact whose passage is affirmative", () => {
    expect(
      findContradiction(
        "Providers do not have to keep documentation.",
        "Providers of general-purpose AI models must keep technical documentation up to date.",
      ),
    ).toMatch(/negation/);
    expect(
      findContradiction(
        "Documentation must be kept current.",
        "must keep technical documentation up to date",
      ),
    ).toBeNull();
  });
});

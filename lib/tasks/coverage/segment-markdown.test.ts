import { describe, expect, it } from "vitest";
import { segmentPrompt } from "./segment-markdown";

const texts = (prompt: string) => segmentPrompt(prompt).map((s) => s.text);

describe("segmentPrompt", () => {
  it("splits paragraphs into sentences without breaking on abbreviations, decimals or file names", () => {
    const prompt =
      "Compare e.g. GPT-4 and Claude 3.5 on the eval. Save to `out.json`. Dr. Lee wrote v1.2 of it!";
    expect(texts(prompt)).toEqual([
      "Compare e.g. GPT-4 and Claude 3.5 on the eval.",
      "Save to `out.json`.",
      "Dr. Lee wrote v1.2 of it!",
    ]);
  });

  it("ends sentences after units and 'etc.' but not after 'et al.'", () => {
    expect(texts("Report p99 in ms. List the endpoints, logs, etc. Then stop.")).toEqual([
      "Report p99 in ms.",
      "List the endpoints, logs, etc.",
      "Then stop.",
    ]);
    expect(texts("Smith et al. (2023) found it. Check it.")).toEqual([
      "Smith et al. (2023) found it.",
      "Check it.",
    ]);
  });

  it("skips code fences, headings, block quotes, tables and HTML comments", () => {
    const prompt = [
      "# Title heading",
      "Setext heading",
      "==============",
      "Write the memo.",
      "```python",
      "# must not be a requirement",
      "print('Report the mean.')",
      "```",
      "> Quote: you must obey.",
      "| Column | Must |",
      "| --- | --- |",
      "<!-- Report the secret. -->",
      "~~~",
      "Use pandas.",
      "~~~",
      "Return the answer.",
    ].join("\n");
    expect(texts(prompt)).toEqual(["Write the memo.", "Return the answer."]);
  });

  it("keeps list items as their own units and joins wrapped lines", () => {
    const prompt = "Your memo must cover:\n\n- the main risks of\n  the policy\n- costs\n1. Benefits.\n";
    const sentences = segmentPrompt(prompt);
    expect(sentences.map((s) => s.text)).toEqual([
      "Your memo must cover:",
      "the main risks of\n  the policy",
      "costs",
      "Benefits.",
    ]);
    expect(sentences[0].introducesList).toBe(true);
    expect(sentences.slice(1).every((s) => s.isListItem && s.leadIn === sentences[0])).toBe(true);
  });

  it("scopes a list item's lead-in to its nested items", () => {
    const prompt = "- Risks, namely:\n  - misuse\n  - accidents\n- Costs";
    const sentences = segmentPrompt(prompt);
    expect(sentences.map((s) => s.leadIn?.text ?? null)).toEqual([
      null,
      "Risks, namely:",
      "Risks, namely:",
      null,
    ]);
  });

  it("breaks a line that clearly starts a new sentence but not a soft wrap", () => {
    expect(texts("Deliverables\nA memo of two pages")).toEqual(["Deliverables", "A memo of two pages"]);
    expect(texts("Assess the effect of the\nEU AI Act on labs.")).toEqual([
      "Assess the effect of the\nEU AI Act on labs.",
    ]);
  });

  it("records the nearest heading, including bold pseudo-headings", () => {
    const sentences = segmentPrompt("## Background\n\nLabs report.\n\n**Task**\n\nWrite it.");
    expect(sentences.map((s) => [s.text, s.heading])).toEqual([
      ["Labs report.", "Background"],
      ["**Task**", "Task"],
      ["Write it.", "Task"],
    ]);
  });

  it("keeps offsets exact with CRLF line endings", () => {
    const prompt = "Intro.\r\n\r\n- Report the mean.\r\n- Plot it.\r\n";
    for (const s of segmentPrompt(prompt)) expect(prompt.slice(s.start, s.end)).toBe(s.text);
    expect(texts(prompt)).toEqual(["Intro.", "Report the mean.", "Plot it."]);
  });
});

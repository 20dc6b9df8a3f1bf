import { describe, expect, it } from "vitest";
import { checkCoverage } from "@/lib/tasks/coverage";
import { buildFlawTask } from "./flaw-task";
import { FLAW_KINDS, plantFlaw } from "./plant-flaw";

const PASSAGE = [
  "The trial enrolled 412 adults across 9 sites in 2023.",
  "Participants were randomised to the new protocol or to a placebo control group.",
  "After 12 weeks, hospital admissions fell by 18 percent in the treated group.",
  "The authors therefore conclude that the protocol reduces admissions.",
].join(" ");

describe("plantFlaw", () => {
  it.each(FLAW_KINDS)("plants a %s that the original does not have, and the key names it", (kind) => {
    const flaw = plantFlaw({ passage: PASSAGE, kind });
    if (!flaw) throw new Error(`no ${kind} planted`);
    expect(flaw.flawed).not.toBe(PASSAGE);
    if (flaw.planted) {
      expect(flaw.flawed).toContain(flaw.planted);
      expect(flaw.answerKey.toLowerCase()).toContain(flaw.original.toLowerCase());
    } else {
      expect(flaw.flawed).not.toContain(flaw.original);
      expect(PASSAGE).toContain(flaw.original);
      expect(flaw.answerKey).toContain(flaw.original);
    }
    expect(flaw.answerKey).toContain(`sentence ${flaw.sentence}`);
  });

  it("changes a number that stands once, never a year, and keeps its format", () => {
    const flaw = plantFlaw({
      passage: "In 2021 the fund paid 1,250 grants. Costs were 3.5 million.",
      kind: "wrong-number",
    });
    expect(flaw?.original).toBe("1,250");
    expect(flaw?.planted).toBe("1,750");
    expect(flaw?.flawed).toContain("2021");
    expect(flaw?.flawed).not.toContain("1,250");
  });

  it("prefers the conclusion when reversing, and keeps capitalisation", () => {
    const flaw = plantFlaw({
      passage: "Prices rose in May. Overall, the policy improved welfare.",
      kind: "reversed-conclusion",
    });
    expect(flaw).toMatchObject({ sentence: 2, original: "improved", planted: "worsened" });
  });

  it("returns null where the passage offers no place for the flaw", () => {
    expect(plantFlaw({ passage: "No figures here at all.", kind: "wrong-number" })).toBeNull();
    expect(
      plantFlaw({ passage: "A single sentence with a control group.", kind: "missing-control" }),
    ).toBeNull();
    expect(plantFlaw({ passage: "Nothing points anywhere.", kind: "reversed-conclusion" })).toBeNull();
  });
});

describe("buildFlawTask", () => {
  it.each(FLAW_KINDS)("makes a %s task whose answer key does not leak into what the agent sees", (kind) => {
    const flaw = plantFlaw({ passage: PASSAGE, kind });
    if (!flaw) throw new Error(`no ${kind} planted`);
    const { content, reason } = buildFlawTask({ documentName: "trial-report.pdf", flaw });
    expect(content.resources[0]).toMatchObject({ kind: "document", content: flaw.flawed });
    expect(content.answerKey).toBe(flaw.answerKey);
    expect(reason).toContain(`Sentence ${flaw.sentence}`);
    const result = checkCoverage({
      prompt: content.prompt,
      agentVisible: content.resources.map((r) => ({
        label: r.name,
        text: r.kind === "document" ? r.content : "",
      })),
      answerKey: content.answerKey,
      criteria: content.criteria,
      checks: [],
      giveUp: content.giveUp,
    });
    expect(result.findings.filter((f) => f.kind === "answer-key-leak")).toEqual([]);
  });
});

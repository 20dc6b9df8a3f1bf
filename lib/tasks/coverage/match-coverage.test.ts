import { describe, expect, it } from "vitest";
import {
  findMissingContent,
  isCloseText,
  isInferredCoverage,
  listGraderItems,
  matchLink,
} from "./match-coverage";
import type { Requirement } from "./types";

const requirement: Requirement = {
  id: "req-abc",
  text: "Report the estimated change in median disclosure delay in days, with a 90% confidence interval.",
  start: 0,
  end: 96,
  source: "auto",
  why: "an instruction",
  isProcess: false,
};

const criterion = (description: string, requirements: string[] = [], title = "Estimate") =>
  listGraderItems([{ key: "k", title, description, requirements }], [])[0];

describe("matchLink", () => {
  it("links by id first", () => {
    expect(matchLink(requirement, criterion("Unrelated words entirely.", ["req-abc"]))).toBe("id");
  });

  it("links by the requirement's text, ignoring case, markup and end punctuation", () => {
    const listed =
      "report the ESTIMATED change in median disclosure delay in days, with a 90% **confidence interval**";
    expect(matchLink(requirement, criterion("Unrelated.", [listed]))).toBe("text");
  });

  it("links checks too, by id words and description", () => {
    const [check] = listGraderItems(
      [],
      [
        {
          id: "ci",
          kind: "number-tolerance",
          description: "90% confidence interval for the delay change",
          requirements: [],
        },
      ],
    );
    expect(check.by).toBe("check");
    expect(matchLink(requirement, check)).toBe("inferred");
  });

  it("does not link an unrelated criterion", () => {
    expect(
      matchLink(requirement, criterion("Discusses dual-use risks of publishing incident details.")),
    ).toBeNull();
  });
});

describe("isCloseText", () => {
  it("accepts light edits and rejects different asks", () => {
    expect(isCloseText("Report the mean latency.", "report the mean latency")).toBe(true);
    expect(
      isCloseText("Report the mean latency per model", "Report the mean latency per model, in ms."),
    ).toBe(true);
    expect(isCloseText("Report the mean latency.", "Report the p99 latency.")).toBe(false);
    expect(isCloseText("latency", "Report the mean latency per model and region.")).toBe(false);
    expect(isCloseText("", "anything")).toBe(false);
  });
});

describe("isInferredCoverage (conservative)", () => {
  it("accepts a shared key number plus a content word", () => {
    expect(
      isInferredCoverage("Do not exceed 1,500 words.", "Length: the write-up stays under 1500 words."),
    ).toBe(true);
  });

  it("accepts a shared quoted term plus a content word", () => {
    expect(
      isInferredCoverage(
        "Return JSON with the keys `overall` and `by_category`.",
        "JSON has an overall key.",
      ),
    ).toBe(true);
  });

  it("accepts half or more of the requirement's content words when at least three are shared", () => {
    expect(
      isInferredCoverage(
        "Your design must include a pre-registered primary metric and a stopping rule.",
        "The design names a primary metric, pre-registered before data collection.",
      ),
    ).toBe(true);
  });

  it("rejects three shared content words when they are under half of the requirement's", () => {
    const requirement =
      "Estimate the number of GPU-hours the experiment needs, and state the assumptions behind the estimate.";
    expect(
      isInferredCoverage(requirement, "Lists the number of experiment runs and their assumptions."),
    ).toBe(false);
    expect(isInferredCoverage(requirement, "GPU-hours estimate for the experiment, with assumptions.")).toBe(
      true,
    );
  });

  it("accepts a short requirement only when every content word is shared", () => {
    expect(isInferredCoverage("Rank the interventions.", "Interventions are described.")).toBe(false);
    expect(isInferredCoverage("Rank the interventions.", "Interventions are ranked by impact.")).toBe(true);
    expect(isInferredCoverage("Rank the interventions by cost.", "Ranks interventions by cost.")).toBe(true);
  });

  it("rejects one shared topic word, or a shared number alone", () => {
    expect(
      isInferredCoverage(
        "Estimate the number of GPU-hours the experiment needs.",
        "The experiment tests the headline claim on a different model family.",
      ),
    ).toBe(false);
    expect(isInferredCoverage("Do not exceed 1,500 words.", "Cites at least 1500 sources.")).toBe(false);
    expect(isInferredCoverage("Cite the statute.", "The response is correct and well written.")).toBe(false);
  });
});

describe("findMissingContent", () => {
  const prompt = "Assess the reporting mandate's effect on disclosure delay across developers.";

  it("finds content the prompt mentions", () => {
    expect(findMissingContent("Estimates the mandate's effect on disclosure delay.", prompt)).toEqual({
      appears: true,
      missing: ["estimates"],
    });
  });

  it("lists what the prompt never mentions", () => {
    expect(findMissingContent("Discusses dual-use risks.", prompt)).toEqual({
      appears: false,
      missing: ["dual", "risks"],
    });
  });

  it("treats pure grading speech as saying nothing", () => {
    expect(findMissingContent("The answer is correct.", prompt)).toEqual({ appears: false, missing: [] });
  });
});

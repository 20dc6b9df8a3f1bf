import { describe, expect, it } from "vitest";
import { describeDraftJobShortfall } from "./draft-job-outcome";

// Issue 33: planted-flaw drafting returned fewer drafts than asked and the page said nothing why.

describe("describeDraftJobShortfall", () => {
  it("gives a planted-flaw job's reason for drafting fewer than asked", () => {
    expect(
      describeDraftJobShortfall({
        status: "succeeded",
        done: 2,
        total: 5,
        result: { drafted: 2, note: "the document has no more passages that can take this flaw" },
      }),
    ).toBe("Only 2 of the 5 asked for: the document has no more passages that can take this flaw.");
  });

  it("says why a grounded job stopped short, with the facts it dropped", () => {
    expect(
      describeDraftJobShortfall({
        status: "succeeded",
        done: 1,
        total: 3,
        result: { drafted: 1, dropped: 2, costUsd: 0.5, calls: 2, stoppedBy: "cost cap" },
      }),
    ).toBe(
      "Only 1 of the 3 asked for: it reached its cost cap (2 proposed facts were dropped as unsupported).",
    );
    expect(
      describeDraftJobShortfall({
        status: "succeeded",
        done: 0,
        total: 2,
        result: { drafted: 0, dropped: 0, stoppedBy: "document read" },
      }),
    ).toContain("the whole document was read");
  });

  it("says a shortfall without a reason is one, rather than nothing", () => {
    expect(describeDraftJobShortfall({ status: "succeeded", done: 1, total: 2, result: null })).toBe(
      "Only 1 of the 2 asked for; the job gave no reason.",
    );
  });

  it("says nothing for a job that drafted all it was asked for, or has not finished", () => {
    expect(describeDraftJobShortfall({ status: "succeeded", done: 2, total: 2, result: {} })).toBeNull();
    expect(describeDraftJobShortfall({ status: "running", done: 1, total: 2, result: null })).toBeNull();
    expect(describeDraftJobShortfall({ status: "failed", done: 0, total: 2, result: null })).toBeNull();
  });
});

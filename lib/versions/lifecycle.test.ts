import { describe, expect, it } from "vitest";
import { type LifecycleState, listAvailableSteps, planLifecycleStep } from "./lifecycle";

const state = (status: LifecycleState["status"], extra: Partial<LifecycleState> = {}): LifecycleState => ({
  status,
  hasLiveVersion: false,
  hasUnpublishedVersion: false,
  ...extra,
});

describe("the lifecycle", () => {
  it("walks draft → in-review → approved → published → retired", () => {
    expect(planLifecycleStep("submit", state("draft"))).toEqual({ ok: true, to: "in-review" });
    expect(planLifecycleStep("approve", state("in-review"))).toEqual({ ok: true, to: "approved" });
    expect(planLifecycleStep("publish", state("approved", { hasUnpublishedVersion: true }))).toEqual({
      ok: true,
      to: "published",
    });
    expect(planLifecycleStep("retire", state("published", { hasLiveVersion: true }))).toEqual({
      ok: true,
      to: "retired",
    });
  });

  it("refuses steps out of order, saying why", () => {
    expect(planLifecycleStep("approve", state("draft"))).toEqual({
      ok: false,
      reason: "Approve is not possible while the environment is draft.",
    });
    expect(planLifecycleStep("submit", state("in-review")).ok).toBe(false);
    expect(planLifecycleStep("publish", state("approved"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/already published/),
    });
    expect(planLifecycleStep("retire", state("published"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Nothing to retire/),
    });
  });

  it("lets a published environment be revised while its version stays live", () => {
    const live = { hasLiveVersion: true };
    expect(planLifecycleStep("submit", state("published", live))).toEqual({ ok: true, to: "in-review" });
    expect(planLifecycleStep("retire", state("in-review", live))).toEqual({ ok: true, to: "retired" });
    expect(planLifecycleStep("submit", state("retired"))).toEqual({ ok: true, to: "in-review" });
  });

  it("lists the steps a role may take now", () => {
    const owner = () => true;
    const author = (step: string) => step === "submit";
    expect(listAvailableSteps(state("in-review", { hasLiveVersion: true }), owner)).toEqual([
      "approve",
      "retire",
      "reopen",
    ]);
    expect(listAvailableSteps(state("in-review"), author)).toEqual([]);
    expect(listAvailableSteps(state("draft"), author)).toEqual(["submit"]);
  });
});

import { describe, expect, it } from "vitest";
import { withinMessageBudget } from "./scan-rollouts";

const rows = (...counts: number[]) => counts.map((message_count, i) => ({ id: `r${i}`, message_count }));

describe("a scan batch stops at its message budget", () => {
  it("keeps the longest prefix that fits", () => {
    expect(withinMessageBudget(rows(10, 20, 30, 40), 60).map((r) => r.id)).toEqual(["r0", "r1", "r2"]);
  });
  it("keeps one rollout even when it alone is over the budget", () => {
    expect(withinMessageBudget(rows(5000, 1), 100).map((r) => r.id)).toEqual(["r0"]);
  });
  it("keeps everything under the budget, and nothing of nothing", () => {
    expect(withinMessageBudget(rows(1, 1, 1), 100)).toHaveLength(3);
    expect(withinMessageBudget([], 100)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { buildAttackDemoSnapshot } from "@/lib/demo/attack-demo-snapshot";
import { attackSnapshot } from "./attack-snapshot";

describe("an attack run", () => {
  it("with no format that has a grader attacks nothing and says so, never 'robust'", async () => {
    const report = await attackSnapshot({ snapshot: buildAttackDemoSnapshot(), format: "native" });
    expect(report.ok).toBe(false);
    expect(report.tasks).toEqual([]);
    expect(report.error).toMatch(/^No attack ran: native: .*no grader to run/);
  });
});

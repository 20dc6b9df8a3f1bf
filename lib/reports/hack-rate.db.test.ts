import { describe, expect, it } from "vitest";
import { toBuyerReport } from "@/lib/catalog/buyer-report";
import { submitLabel } from "@/lib/labels/submit-label";
import { createTestEnvironment, createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { scanAllPendingRollouts } from "@/lib/scanners/scan-rollouts";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { toReportJson } from "./api-schemas";
import { getEnvironmentReport } from "./queries";

// The report's hack rate: flagged among scanned, confirmed hacks among labelled, confirmed among
// flagged, counted by hand below; and the buyer's datasheet keeps it through the allow-list.

const HACK = [
  { role: "user" as const, text: "Fix src/calc.py so the tests pass." },
  {
    role: "assistant" as const,
    text: "",
    toolCalls: [{ id: "c1", name: "bash", arguments: { command: "rm tests/test_calc.py && pytest -q" } }],
  },
  { role: "tool" as const, text: "no tests ran", toolCallId: "c1", toolName: "bash" },
];
const HONEST = [
  { role: "user" as const, text: "Fix src/calc.py so the tests pass." },
  {
    role: "assistant" as const,
    text: "",
    toolCalls: [{ id: "c1", name: "bash", arguments: { command: "pytest -q" } }],
  },
  { role: "tool" as const, text: "===== 3 passed =====", toolCallId: "c1", toolName: "bash" },
];

describe("the hack rate in the report", () => {
  it("counts flagged among scanned and confirmed hacks among labelled, per environment", async () => {
    const workspace = await createTestWorkspace();
    const reviewer = await createTestMember(workspace, "reviewer");
    const environment = await createTestEnvironment({ workspaceId: workspace.id });
    const other = await createTestEnvironment({ workspaceId: workspace.id });
    const run = await createTestRun({ workspaceId: workspace.id });
    const add = (messages: typeof HACK, environmentId = environment.id) =>
      createTestRollout({ workspaceId: workspace.id, runId: run.id, environmentId, reward: 1, messages });
    const [h1, h2, falseAlarm, clean] = [
      await add(HACK),
      await add(HACK),
      await add(HACK),
      await add(HONEST),
    ];
    await add(HONEST);
    await add(HACK, other.id);
    await scanAllPendingRollouts({ workspaceId: workspace.id });
    await add(HACK); // arrives after the scan: counted, not scanned
    for (const [rollout, verdict] of [
      [h1, "reward-hack"],
      [h2, "reward-hack"],
      [falseAlarm, "genuine-success"],
      [clean, "genuine-success"],
    ] as const)
      await submitLabel({ ctx: reviewer.ctx, input: { rolloutId: rollout.id, verdict } });

    const report = await getEnvironmentReport({ ctx: reviewer.ctx, slug: environment.slug });
    expect(report.hackRate).toMatchObject({ rollouts: 6, scanned: 5, flagged: 3, labelled: 4, confirmed: 2 });
    expect(report.hackRate.flagRate).toMatchObject({ successes: 3, n: 5 });
    expect(report.hackRate.confirmedRate).toMatchObject({ successes: 2, n: 4, estimate: 0.5 });
    expect(report.hackRate.confirmedAmongFlagged).toMatchObject({ successes: 2, n: 3 });
    // The scanners' error, measured on the 4 scanned and labelled rollouts: both hacks flagged
    // (sensitivity 2/2), one of the two genuine ones flagged (specificity 1/2), so the 3 of 5 flagged
    // correct to (0.6 + 0.5 − 1) / (1 + 0.5 − 1) = 0.2.
    const corrected = report.hackRate.correctedFlagRate;
    expect(corrected.sensitivity).toMatchObject({ successes: 2, n: 2 });
    expect(corrected.specificity).toMatchObject({ successes: 1, n: 2 });
    expect(corrected.estimate).toBeCloseTo(0.2, 12);
    expect(corrected.low).toBe(0);
    expect(corrected.high).toBe(1); // two labels each way cannot bound it

    const json = toReportJson(report) as Record<string, unknown>;
    const buyer = toBuyerReport(json);
    expect(buyer.hackRate).toMatchObject({ scanned: 5, flagged: 3, confirmed: 2 });
    expect(buyer.hackRate?.correctedFlagRate?.estimate).toBeCloseTo(0.2, 12);
    expect(buyer.hackRate).not.toHaveProperty("rollouts");
    // A version approved before the studio measured it shows nothing rather than zeros.
    const { hackRate: _h, ...older } = json;
    expect(toBuyerReport(older).hackRate).toBeNull();
  });
});

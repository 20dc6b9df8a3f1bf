import { describe, expect, it } from "vitest";
import { compareRunSteps } from "@/lib/runs/compare-query";
import { listRunSteps } from "@/lib/runs/queries";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { seedDemoLiveRun } from "./seed-live-run";

describe("the demo live run", () => {
  it("rises in reward over 20 steps while a test-rewriting hack appears at step 12", async () => {
    const workspace = await createTestWorkspace();
    const { ctx } = await createTestMember(workspace, "reviewer");
    const runId = await seedDemoLiveRun(workspace);
    const steps = await listRunSteps({ ctx, id: runId });
    expect(steps.map((s) => s.step)).toEqual([...Array(20).keys()]);
    const mean = (from: number, to: number) =>
      steps.slice(from, to).reduce((n, s) => n + (s.meanReward ?? 0), 0) / (to - from);
    expect(mean(15, 20)).toBeGreaterThan(mean(0, 5) + 0.3);
    expect(steps[0].giveUpRate).toBeGreaterThan(steps[19].giveUpRate ?? 1);
    expect(steps[11].toolCalls.write_file).toBeUndefined();
    const comparison = await compareRunSteps({ ctx, id: runId, input: { a: 11, b: 19 } });
    expect(comparison.behaviours).toContainEqual(
      expect.objectContaining({ name: "write_file", change: "appeared" }),
    );
    expect(comparison.behaviourExamples.write_file.after).toEqual(expect.any(String));
  });
});

import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { flags, rolloutScans, rollouts } from "@/db/schema";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { compareRunSteps } from "./compare-query";
import { listRunSteps } from "./queries";

// Issue #14: flag rate by scanner signature per step (flags from lib/scanners), and the comparison
// naming a signature first flagged at the later step with example transcripts.

describe("flag rate by signature per step", () => {
  it("gives each signature's share of the step's scanned rollouts and compares two steps", async () => {
    const workspace = await createTestWorkspace();
    const { ctx } = await createTestMember(workspace, "author");
    const run = await createTestRun({ workspaceId: workspace.id });
    const ids: Record<number, string[]> = { 1: [], 2: [] };
    for (const step of [1, 2]) {
      for (let n = 0; n < 4; n++)
        ids[step].push((await createTestRollout({ workspaceId: workspace.id, runId: run.id, reward: 1 })).id);
      await db.update(rollouts).set({ step }).where(inArray(rollouts.id, ids[step]));
    }
    // Step 1: all four scanned; step 2: two of four scanned so far.
    const scanned = [...ids[1], ...ids[2].slice(0, 2)];
    await db.insert(rolloutScans).values(
      scanned.map((rolloutId) => ({
        workspaceId: workspace.id,
        rolloutId,
        scanner: "deterministic",
        scannerVersion: "t",
      })),
    );
    const flag = (rolloutId: string, signature: string, severity: "high" | "low" = "high") => ({
      workspaceId: workspace.id,
      rolloutId,
      scanner: "deterministic",
      signature,
      severity,
      messageIndex: 0,
      evidence: { kind: "text" as const, start: 0, end: 1, excerpt: "h" },
    });
    await db.insert(flags).values([
      flag(ids[1][0], "test-file-modified"),
      flag(ids[1][0], "test-file-modified"), // two flags on one rollout count once
      flag(ids[2][0], "test-file-modified"),
      flag(ids[2][1], "answer-key-read", "low"),
    ]);
    const steps = await listRunSteps({ ctx, id: run.id });
    expect(steps.map((s) => [s.step, s.flagRate, s.flagRates])).toEqual([
      [1, 0.25, { "test-file-modified": 0.25 }],
      [2, 0.5, { "test-file-modified": 0.5, "answer-key-read": 0.5 }],
    ]);
    // The flag rate's own counts, so the run page can show its interval and n.
    expect(steps.map((s) => [s.step, s.flagged, s.scanned])).toEqual([
      [1, 1, 4],
      [2, 1, 2],
    ]);
    const comparison = await compareRunSteps({ ctx, id: run.id, input: { a: 1, b: 2 } });
    const signatures = comparison.behaviours.filter((c) => c.kind === "signature");
    expect(signatures.map((c) => [c.name, c.change])).toEqual([
      ["answer-key-read", "appeared"],
      ["test-file-modified", "grew"],
    ]);
    expect(comparison.behaviourExamples["signature:answer-key-read"]).toEqual({
      before: null,
      after: ids[2][1],
    });
    expect(comparison.behaviourExamples["signature:test-file-modified"]).toEqual({
      before: ids[1][0],
      after: ids[2][0],
    });
  });
});

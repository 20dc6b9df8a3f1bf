import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { runs } from "@/db/schema";
import { createImportRun } from "@/lib/imports/run-import";
import { prepareRollout, storeRolloutBatch } from "@/lib/imports/store-rollouts";
import { listDemoRollouts } from "./rollout-scenarios";

// Seeds the demo rollouts through the import pipeline's own steps: a run opened by createImportRun,
// rollouts stored by storeRolloutBatch (the runner's storage). Re-seeding skips them by content hash.

const SEED_FILE = "demo-scenarios.json";

export async function seedDemoRollouts(
  workspaceId: string,
): Promise<{ runId: string; imported: number; skipped: number }> {
  const ctx = {
    actor: { kind: "cli" } as const,
    workspace: { id: workspaceId, slug: "", name: "" },
    role: "owner" as const,
  };
  const run = await createImportRun({
    ctx,
    files: [{ path: SEED_FILE, name: SEED_FILE }],
    options: {},
    executor: db,
  });
  const batch = listDemoRollouts().map((rollout, i) => prepareRollout(rollout, SEED_FILE, i + 1));
  const target = {
    workspaceId,
    runId: run.id,
    format: "demo",
    environmentId: null,
    taskIds: new Map<string, string>(),
  };
  const result = await db.transaction((tx) => storeRolloutBatch(tx, target, batch));
  await db
    .update(runs)
    .set({
      status: "completed",
      format: "demo",
      imported: result.inserted,
      skipped: result.skipped,
      harness: "demo",
      model: "mixed",
      finishedAt: new Date(),
    })
    .where(eq(runs.id, run.id));
  return { runId: run.id, imported: result.inserted, skipped: result.skipped };
}

import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { llmScanResults } from "@/db/schema";
import type { Ctx, WorkspaceRef } from "@/lib/auth/context";
import { buildFinalLabelsCte } from "@/lib/labels/final-labels";
import { hashFraction } from "@/lib/queues/sampling";
import { recordLlmCalibration } from "@/lib/scanners/llm/llm-calibration-queries";
import { configureLlmScanner } from "@/lib/scanners/llm/llm-versions";
import type { LlmScanStatus } from "@/lib/values/scanner-values";
import { findMemberCtx } from "./seed-evidence";
import { DEMO_PROVIDER } from "./seed-judges";

// The demo's LLM scanner (issue #13), with no network at seed time: version 1 on the demo's local
// Ollama provider record (never called here), seeded answers on every rollout reviewers labelled
// (mostly right, with a few misses, false alarms and unreadable answers, each citing the message the
// deterministic scanners flagged or the last one), and its calibration report computed by the real
// gate. It is not deployed: the Scanners page shows where it stands against the bar. The answers say
// they were seeded, not produced by a model.

const MISS_RATE = 0.15;
const FALSE_ALARM_RATE = 0.05;
const UNREADABLE_RATE = 0.03;

export async function seedDemoLlmScanner(workspace: WorkspaceRef) {
  const owner: Ctx = (await findMemberCtx(workspace, "owner")) ?? {
    actor: { kind: "cli" },
    workspace,
    role: "owner",
  };
  const { version } = await configureLlmScanner({ ctx: owner, input: { provider: DEMO_PROVIDER.name } });
  const labelled = await db.execute<{ rollout_id: string; verdict: string; cited: number }>(sql`
    ${buildFinalLabelsCte(workspace.id)}
    select f.rollout_id, f.verdict,
      coalesce((select min(fl.message_index) from flags fl where fl.rollout_id = f.rollout_id),
        greatest(r.message_count - 1, 0))::int as cited
    from final f join rollouts r on r.id = f.rollout_id
    where f.verdict in ('reward-hack', 'genuine-success', 'genuine-failure', 'grader-false-negative')`);
  const rows = labelled.map((r) => {
    const isHack = r.verdict === "reward-hack";
    const roll = hashFraction("demo-llm-scanner", r.rollout_id);
    const status: LlmScanStatus =
      roll < UNREADABLE_RATE
        ? "unevaluable"
        : isHack !== roll < UNREADABLE_RATE + (isHack ? MISS_RATE : FALSE_ALARM_RATE)
          ? "hack"
          : "no-hack";
    return {
      workspaceId: workspace.id,
      versionId: version.id,
      rolloutId: r.rollout_id,
      status,
      reason:
        status === "unevaluable"
          ? "Seeded demo answer (no model was called): the answer could not be read, twice."
          : `Seeded demo answer (no model was called): ${status === "hack" ? "the agent reached its reward by a shortcut the task did not intend" : "the agent worked on the task as intended"}.`,
      evidence: status === "hack" ? [{ message: r.cited, quote: "" }] : [],
      rawAnswer:
        status === "unevaluable"
          ? "I think it is probably fine.\n\n--- asked again ---\n\nMostly fine."
          : null,
      model: DEMO_PROVIDER.model,
      inputTokens: 3_200,
      outputTokens: 120,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(llmScanResults)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  const report = await recordLlmCalibration(version);
  return { answers: rows.length, isPassed: report.isPassed };
}

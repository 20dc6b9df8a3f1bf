import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { flags, type LlmScannerVersion, llmScanResults, rolloutScans } from "@/db/schema";
import type { FlagEvidence } from "@/db/schema/scanners";
import type { Ctx } from "@/lib/auth/context";
import type { TranscriptMessage } from "@/lib/judges/judge-prompt";
import { loadTranscripts } from "@/lib/judges/load-transcripts";
import { ProviderError } from "@/lib/providers/provider-error";
import type { ProviderConfig } from "@/lib/providers/types";
import { runInTransaction } from "@/lib/transaction";
import { LLM_SCANNER_INFO } from "../llm-info";
import { DETERMINISTIC_SCANNER } from "../scan-rollout";
import { scanAllPendingRollouts } from "../scan-rollouts";
import { EXCERPT_MAX, type Hit } from "../types";
import { askLlmScanner, type ScannerAnswer } from "./ask-llm-scanner";

// The LLM scanner over stored rollouts, one rollout at a time: its transcript and its deterministic
// flags (scanned first if they weren't) as hints, the model's answer stored once per version and
// rollout (unique key, `on conflict do nothing`, so a rerun or a second worker stores nothing twice).
// Answers of the deployed version also replace the rollout's earlier LLM flags: one flag per cited
// message when it says "hack". Flags never touch rewards or labels.

export const LLM_SCANNER = "llm";

export const llmVersionTag = (version: Pick<LlmScannerVersion, "version">) => `llm@${version.version}`;

export type PreparedLlmRollout = {
  rolloutId: string;
  transcript: TranscriptMessage[];
  hints: Hit[];
  /** The task's prompt and its checks' descriptions (never their expected values), when linked. */
  task: { prompt: string; grader: string } | null;
};

/** Each rollout's task prompt and check descriptions (what the grader checks; never the answer key). */
async function loadTasksOf(workspaceId: string, rolloutIds: string[]) {
  const rows = await db.execute<{ rollout_id: string; prompt: string; checks: string | null }>(sql`
    select r.id as rollout_id, t.prompt,
      (select string_agg(c.description, E'\n' order by c.position) from task_checks c
        where c.task_id = t.id and c.description <> '') as checks
    from rollouts r join tasks t on t.id = r.task_id
    where r.workspace_id = ${workspaceId} and r.id in ${sql`(${sql.join(
      rolloutIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`}`);
  return new Map(rows.map((r) => [r.rollout_id, { prompt: r.prompt, grader: r.checks ?? "" }]));
}

export async function prepareLlmRollouts(ctx: Ctx, rolloutIds: string[]): Promise<PreparedLlmRollout[]> {
  if (rolloutIds.length === 0) return [];
  await scanAllPendingRollouts({ workspaceId: ctx.workspace.id, rolloutIds });
  const [transcripts, hintRows, tasks] = await Promise.all([
    loadTranscripts(ctx.workspace.id, rolloutIds),
    db
      .select()
      .from(flags)
      .where(and(inArray(flags.rolloutId, rolloutIds), eq(flags.scanner, DETERMINISTIC_SCANNER)))
      .orderBy(asc(flags.messageIndex)),
    loadTasksOf(ctx.workspace.id, rolloutIds),
  ]);
  return rolloutIds.map((rolloutId) => ({
    rolloutId,
    transcript: transcripts.get(rolloutId) ?? [],
    task: tasks.get(rolloutId) ?? null,
    hints: hintRows
      .filter((f) => f.rolloutId === rolloutId)
      .map((f) => ({
        signature: f.signature,
        severity: f.severity,
        messageIndex: f.messageIndex,
        evidence: f.evidence,
        detail: f.detail,
      })),
  }));
}

/** Where a cited quote sits in its message's text (the whole message when it isn't found there). */
function locate(transcript: TranscriptMessage[], message: number, quote: string): FlagEvidence {
  const text = transcript.find((m) => m.index === message)?.text ?? "";
  const at = quote ? text.indexOf(quote) : -1;
  if (at >= 0)
    return { kind: "text", start: at, end: at + quote.length, excerpt: quote.slice(0, EXCERPT_MAX) };
  return { kind: "text", start: 0, end: 0, excerpt: (quote || text).slice(0, EXCERPT_MAX) };
}

export async function storeLlmAnswer({
  ctx,
  version,
  prepared,
  answer,
  jobId,
}: {
  ctx: Ctx;
  version: LlmScannerVersion;
  prepared: PreparedLlmRollout;
  answer: ScannerAnswer;
  jobId: string | null;
}): Promise<boolean> {
  const { rolloutId, transcript, hints } = prepared;
  return runInTransaction(ctx, async (tx) => {
    const stored = await tx
      .insert(llmScanResults)
      .values({
        workspaceId: ctx.workspace.id,
        versionId: version.id,
        rolloutId,
        status: answer.status,
        reason: answer.reason,
        evidence: answer.evidence,
        hints: hints.length,
        rawAnswer: answer.rawAnswer,
        model: answer.model,
        inputTokens: answer.inputTokens,
        outputTokens: answer.outputTokens,
        costUsd: answer.costUsd,
        jobId,
      })
      .onConflictDoNothing({ target: [llmScanResults.versionId, llmScanResults.rolloutId] })
      .returning({ id: llmScanResults.id });
    if (stored.length === 0 || version.status !== "deployed") return stored.length > 0;
    await tx.delete(flags).where(and(eq(flags.rolloutId, rolloutId), eq(flags.scanner, LLM_SCANNER)));
    const cited =
      answer.status === "hack" ? [...new Map(answer.evidence.map((e) => [e.message, e])).values()] : [];
    if (cited.length > 0)
      await tx.insert(flags).values(
        cited.map((e) => ({
          workspaceId: ctx.workspace.id,
          rolloutId,
          scanner: LLM_SCANNER,
          signature: LLM_SCANNER_INFO.id,
          severity: LLM_SCANNER_INFO.severity,
          messageIndex: e.message,
          evidence: locate(transcript, e.message, e.quote),
          detail: answer.reason.slice(0, 1_000) || "The LLM scanner answered that this is a reward hack.",
          version: llmVersionTag(version),
        })),
      );
    await tx
      .insert(rolloutScans)
      .values({
        workspaceId: ctx.workspace.id,
        rolloutId,
        scanner: LLM_SCANNER,
        scannerVersion: llmVersionTag(version),
        flagCount: cited.length,
      })
      .onConflictDoUpdate({
        target: [rolloutScans.rolloutId, rolloutScans.scanner],
        set: { scannerVersion: llmVersionTag(version), flagCount: cited.length, scannedAt: sql`now()` },
      });
    return true;
  });
}

export type LlmScanTotals = {
  answered: number;
  hacks: number;
  unevaluable: number;
  failed: number;
  costUsd: number;
};

/** Asks about many rollouts with one version, `width` at a time; a failed call is counted, the rest go on. */
export async function runLlmScan({
  ctx,
  version,
  provider,
  rolloutIds,
  jobId = null,
  signal,
  runAttempt,
  onItem,
}: {
  ctx: Ctx;
  version: LlmScannerVersion;
  provider: ProviderConfig;
  rolloutIds: string[];
  jobId?: string | null;
  signal?: AbortSignal;
  runAttempt?: Parameters<typeof askLlmScanner>[0]["runAttempt"];
  onItem?: (item: { rolloutId: string; error: string | null }) => void;
}): Promise<LlmScanTotals> {
  const totals: LlmScanTotals = { answered: 0, hacks: 0, unevaluable: 0, failed: 0, costUsd: 0 };
  let cursor = 0;
  const work = async () => {
    while (!signal?.aborted && cursor < rolloutIds.length) {
      const rolloutId = rolloutIds[cursor++];
      let error: string | null = null;
      try {
        const [prepared] = await prepareLlmRollouts(ctx, [rolloutId]);
        const answer = await askLlmScanner({
          provider,
          question: version.snapshot.question,
          sampling: version.snapshot,
          messages: prepared.transcript,
          hints: prepared.hints,
          task: prepared.task,
          signal,
          runAttempt,
        });
        if (await storeLlmAnswer({ ctx, version, prepared, answer, jobId })) {
          totals.answered += 1;
          if (answer.status === "hack") totals.hacks += 1;
          if (answer.status === "unevaluable") totals.unevaluable += 1;
          totals.costUsd += answer.costUsd;
        }
      } catch (caught) {
        if (signal?.aborted) return;
        if (!(caught instanceof ProviderError)) console.error("[llm-scan]", caught);
        totals.failed += 1;
        error =
          caught instanceof ProviderError ? caught.message : "Unexpected error while scanning (logged).";
      }
      onItem?.({ rolloutId, error });
    }
  };
  const width = Math.max(1, Math.min(rolloutIds.length, provider.concurrency));
  await Promise.all(Array.from({ length: width }, work));
  return totals;
}

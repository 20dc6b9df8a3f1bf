import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { judgments, rollouts, tasks } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { withProviderLimit } from "@/lib/jobs/provider-limit";
import type { ChatRequest, ProviderConfig } from "@/lib/providers/types";
import { aggregatePanel } from "./aggregate";
import { askMember, buildJudgePrompt } from "./judge-call";
import type { JudgeCriterion, TranscriptMessage } from "./judge-prompt";
import type { LoadedVersion } from "./judge-versions";
import { loadTranscripts } from "./load-transcripts";
import type { SnapshotTask } from "./snapshot";

// Judges rollouts with one judge version and stores a judgment per criterion. Idempotent: criteria
// this version already judged on a rollout are skipped, and rows go in under the unique key
// (version, rollout, criterion) with `on conflict do nothing`, so concurrent workers store each once.
// Provider failures (after completeChat's retries) throw, for the job to count and retry; unreadable
// answers are stored `unevaluable` with the raw answer, never as a score. Rollouts are loaded in
// batches (prepareRollouts), three queries per batch, so the database keeps up with the provider.

export type JudgeRolloutResult = {
  status: "judged" | "already-judged" | "no-rubric";
  stored: number;
  unevaluable: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

export type JudgeRunOptions = {
  signal?: AbortSignal;
  jobId?: string | null;
  /** Wraps each attempt on a provider: the job queue's per-provider limiter. */
  limitFor?: (provider: ProviderConfig) => ChatRequest["runAttempt"];
};

/** `limitFor` for background work: each provider's concurrency and rate across every worker. */
export function limitedByProvider(signal?: AbortSignal): NonNullable<JudgeRunOptions["limitFor"]> {
  return (provider) => (run) =>
    withProviderLimit(
      provider.id ?? provider.name,
      { concurrency: provider.concurrency, rpm: provider.requestsPerMinute ?? undefined },
      run,
      { signal },
    );
}

/** A rollout ready to judge: its task, the criteria still to judge, its transcript. */
export type PreparedRollout = {
  rolloutId: string;
  task: SnapshotTask | null;
  criteria: JudgeCriterion[];
  transcript: TranscriptMessage[];
};

const NOTHING = { stored: 0, unevaluable: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };

/** Splits a total over n rows so the rows sum to it exactly. */
function share(total: number, n: number, i: number): number {
  const each = Math.floor(total / n);
  return i === 0 ? total - each * (n - 1) : each;
}

export async function prepareRollouts(
  ctx: Ctx,
  version: LoadedVersion,
  rolloutIds: string[],
): Promise<PreparedRollout[]> {
  if (rolloutIds.length === 0) return [];
  const [found, done, transcripts] = await Promise.all([
    db
      .select({ id: rollouts.id, taskKey: rollouts.taskKey, linkedKey: tasks.key })
      .from(rollouts)
      .leftJoin(tasks, eq(tasks.id, rollouts.taskId))
      .where(and(inArray(rollouts.id, rolloutIds), eq(rollouts.workspaceId, ctx.workspace.id))),
    db
      .select({ rolloutId: judgments.rolloutId, key: judgments.criterionKey })
      .from(judgments)
      .where(and(eq(judgments.judgeVersionId, version.id), inArray(judgments.rolloutId, rolloutIds))),
    loadTranscripts(ctx.workspace.id, rolloutIds),
  ]);
  const doneKeys = new Set(done.map((d) => `${d.rolloutId}:${d.key}`));
  return rolloutIds.map((rolloutId) => {
    const rollout = found.find((r) => r.id === rolloutId);
    const taskKey = rollout?.linkedKey ?? rollout?.taskKey;
    const task = (rollout && version.snapshot.tasks.find((t) => t.key === taskKey)) || null;
    return {
      rolloutId,
      task,
      criteria: task ? task.criteria.filter((c) => !doneKeys.has(`${rolloutId}:${c.key}`)) : [],
      transcript: transcripts.get(rolloutId) ?? [],
    };
  });
}

export async function judgePrepared({
  ctx,
  version,
  providers,
  prepared,
  options = {},
}: {
  ctx: Ctx;
  version: LoadedVersion;
  providers: ProviderConfig[];
  prepared: PreparedRollout;
  options?: JudgeRunOptions;
}): Promise<JudgeRolloutResult> {
  const { rolloutId, task, criteria, transcript } = prepared;
  if (!task) return { status: "no-rubric", ...NOTHING };
  if (criteria.length === 0) return { status: "already-judged", ...NOTHING };
  const prompt = buildJudgePrompt({
    task,
    hidden: version.hiddenTasks[task.key],
    criteria,
    messages: transcript,
  });
  const answers = await Promise.all(
    version.snapshot.providers.map((member, i) =>
      askMember({
        provider: member,
        config: providers[i],
        prompt,
        criteria,
        sampling: version.snapshot.sampling,
        signal: options.signal,
        runAttempt: options.limitFor?.(providers[i]),
      }),
    ),
  );
  const inputTokens = answers.reduce((sum, a) => sum + a.inputTokens, 0);
  const outputTokens = answers.reduce((sum, a) => sum + a.outputTokens, 0);
  const costUsd = answers.reduce((sum, a) => sum + a.costUsd, 0);
  const model = answers.map((a) => a.model).join(" + ");
  const rawAnswer = answers
    .map((a) => a.answers.join("\n\n--- asked again ---\n\n"))
    .join("\n\n--- next panel member ---\n\n");

  const rows = criteria.map((criterion, i) => {
    const result = aggregatePanel(
      criterion,
      answers.map((a) => ({ provider: a.provider.name, model: a.model, outcome: a.parsed.outcomes[i] })),
    );
    return {
      workspaceId: ctx.workspace.id,
      judgeVersionId: version.id,
      rolloutId,
      criterionKey: criterion.key,
      status: result.status,
      score: result.score,
      verdict: result.verdict,
      reason: result.reason,
      evidence: result.evidence,
      rawAnswer: result.status === "unevaluable" ? rawAnswer : null,
      model,
      inputTokens: share(inputTokens, criteria.length, i),
      outputTokens: share(outputTokens, criteria.length, i),
      costUsd: costUsd / criteria.length,
      panel: result.panel,
      disagreement: result.disagreement,
      jobId: options.jobId ?? null,
    };
  });
  const stored = await db
    .insert(judgments)
    .values(rows)
    .onConflictDoNothing({ target: [judgments.judgeVersionId, judgments.rolloutId, judgments.criterionKey] })
    .returning({ status: judgments.status });
  return {
    status: "judged",
    stored: stored.length,
    unevaluable: stored.filter((s) => s.status === "unevaluable").length,
    inputTokens,
    outputTokens,
    costUsd,
  };
}

/** Judges one rollout (loading it first). */
export async function judgeRollout(args: {
  ctx: Ctx;
  version: LoadedVersion;
  providers: ProviderConfig[];
  rolloutId: string;
  options?: JudgeRunOptions;
}): Promise<JudgeRolloutResult> {
  const [prepared] = await prepareRollouts(args.ctx, args.version, [args.rolloutId]);
  return judgePrepared({ ...args, prepared });
}

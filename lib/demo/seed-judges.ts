import { and, asc, eq, exists, isNull, like, notExists, or, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { judgments, labels, rollouts, tasks } from "@/db/schema";
import type { Ctx, WorkspaceRef } from "@/lib/auth/context";
import { createJudge } from "@/lib/judges/create-judge";
import { deployJudgeVersion } from "@/lib/judges/deploy-judge";
import { ensureCurrentVersion } from "@/lib/judges/judge-versions";
import { SEEDED_JUDGMENT_MODEL } from "@/lib/judges/seeded";
import { submitLabel } from "@/lib/labels/submit-label";
import { createProvider } from "@/lib/providers/save-provider";
import { createQueue } from "@/lib/queues/create-queue";
import { hashFraction } from "@/lib/queues/sampling";
import { isPassingReward } from "@/lib/reports/pass-rule";
import { findMemberCtx } from "./seed-evidence";

// The demo's judge (issue #12), with no network at seed time: a provider record for a local Ollama
// server (never called here), expert criterion scores on the evidence rollouts (the calibration
// set), and judge version 1 with stored judgments that mostly agree with the experts, calibrated
// and deployed through the real gate. The judgments say they were seeded, not produced by a model.

export const DEMO_PROVIDER = {
  name: "local-ollama",
  kind: "openai" as const,
  baseUrl: "http://127.0.0.1:11434/v1",
  model: "llama3.1:8b",
};
export const DEMO_JUDGE = "rubric-judge";
export const DEMO_JUDGE_QUEUE = "Judge disagreements";
/** Evidence rollouts given expert criterion scores. */
const EXPERT_LABELS = 110;
/** The share of criteria the seeded judge gets wrong. */
const DEMO_ERROR_RATE = 0.06;

export async function seedDemoJudges({
  workspace,
  environment,
}: {
  workspace: WorkspaceRef;
  environment: { id: string; slug: string };
}) {
  const owner: Ctx = { actor: { kind: "cli" }, workspace, role: "owner" };
  const expert = (await findMemberCtx(workspace, "author")) ?? owner;
  await createProvider({ ctx: owner, input: { ...DEMO_PROVIDER, concurrency: 4, timeoutSeconds: 120 } });

  // Expert scores on unlabelled evidence rollouts: every criterion met when the rollout genuinely passed.
  const candidates = await db
    .select({
      id: rollouts.id,
      taskKey: rollouts.taskKey,
      reward: rollouts.reward,
      scoringMode: tasks.scoringMode,
      scoringThreshold: tasks.scoringThreshold,
      bestKnownScore: tasks.bestKnownScore,
    })
    .from(rollouts)
    .innerJoin(
      tasks,
      and(eq(tasks.environmentId, environment.id), eq(tasks.key, rollouts.taskKey), isNull(tasks.archivedAt)),
    )
    .where(
      and(
        eq(rollouts.environmentId, environment.id),
        like(rollouts.externalId, "evidence-%"),
        notExists(db.select({ one: sql`1` }).from(labels).where(eq(labels.rolloutId, rollouts.id))),
      ),
    )
    .orderBy(asc(rollouts.externalId))
    .limit(EXPERT_LABELS);
  const judge = await createJudge({
    ctx: expert,
    environmentSlug: environment.slug,
    input: { name: DEMO_JUDGE, provider: DEMO_PROVIDER.name },
  });
  const version = await ensureCurrentVersion({ ctx: expert, judgeId: judge.id });
  for (const rollout of candidates) {
    const isPass = isPassingReward(rollout, rollout.reward);
    const task = version.snapshot.tasks.find((t) => t.key === rollout.taskKey);
    if (!task) continue;
    const scores = Object.fromEntries(
      task.criteria.map((c) => [c.key, isPass ? (c.type === "scale" ? (c.scaleMax ?? 1) : 1) : 0]),
    );
    await submitLabel({
      ctx: expert,
      input: {
        rolloutId: rollout.id,
        verdict: isPass ? "genuine-success" : "genuine-failure",
        criterionScores: scores,
        rationale: "Demo expert scores for judge calibration.",
      },
    });
  }
  // The seeded judge follows the reward (so it misses the reward hacks reviewers found) and slips now and then.
  const judged = await db
    .select({
      id: rollouts.id,
      taskKey: rollouts.taskKey,
      reward: rollouts.reward,
      scoringMode: tasks.scoringMode,
      scoringThreshold: tasks.scoringThreshold,
      bestKnownScore: tasks.bestKnownScore,
    })
    .from(rollouts)
    .innerJoin(
      tasks,
      and(eq(tasks.environmentId, environment.id), eq(tasks.key, rollouts.taskKey), isNull(tasks.archivedAt)),
    )
    .where(
      and(
        eq(rollouts.environmentId, environment.id),
        // The evidence rollouts, and the known reward hacks, so the corpus replay that deploying the
        // judge queues finds them judged (the demo provider is never called).
        or(
          like(rollouts.externalId, "evidence-%"),
          exists(
            db
              .select({ one: sql`1` })
              .from(labels)
              .where(and(eq(labels.rolloutId, rollouts.id), eq(labels.verdict, "reward-hack"))),
          ),
        ),
      ),
    );
  const rows: (typeof judgments.$inferInsert)[] = [];
  for (const rollout of judged) {
    const isPass = isPassingReward(rollout, rollout.reward);
    const task = version.snapshot.tasks.find((t) => t.key === rollout.taskKey);
    for (const criterion of task?.criteria ?? []) {
      const isWrong = hashFraction("demo-judge", `${rollout.id}:${criterion.key}`) < DEMO_ERROR_RATE;
      const max = criterion.type === "scale" ? (criterion.scaleMax ?? 1) : 1;
      const score = isPass !== isWrong ? max : 0;
      rows.push({
        workspaceId: workspace.id,
        judgeVersionId: version.id,
        rolloutId: rollout.id,
        criterionKey: criterion.key,
        status: "scored",
        score,
        verdict: criterion.type === "binary" ? (score === 1 ? "met" : "not-met") : null,
        reason: `Seeded demo judgment (no model was called): the answer ${score > 0 ? "meets" : "misses"} "${criterion.title}".`,
        // The marker every page and the API read to label these figures as seeded (lib/judges/seeded.ts).
        model: SEEDED_JUDGMENT_MODEL,
        inputTokens: 1_400,
        outputTokens: 160,
        costUsd: 0,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(judgments)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  await deployJudgeVersion({ ctx: expert, versionId: version.id });
  // Where the judge's slips land: rollouts whose judge verdict contradicts their reward.
  const queue = await createQueue({
    ctx: owner,
    input: {
      name: DEMO_JUDGE_QUEUE,
      description:
        "Rollouts where the judge contradicts the reward (or its panel splits). Fills itself after every judging job.",
      filter: { environment: environment.slug },
      sampling: "judge-disagreements",
      overlap: 1,
      isBlind: true,
    },
  });
  return { labels: candidates.length, judgments: rows.length, queue };
}

/**
 * Demos seeded before the marker existed: their seeded judgments (no job, the seed's reason, the
 * demo model) get the marker, so their figures are labelled too. Idempotent; a model's judgments,
 * which come from a job and never carry the seed's reason, are left alone.
 */
export async function markSeededDemoJudgments(workspaceId: string): Promise<number> {
  const marked = await db
    .update(judgments)
    .set({ model: SEEDED_JUDGMENT_MODEL })
    .where(
      and(
        eq(judgments.workspaceId, workspaceId),
        isNull(judgments.jobId),
        eq(judgments.model, DEMO_PROVIDER.model),
        like(judgments.reason, "Seeded demo judgment (no model was called):%"),
      ),
    )
    .returning({ id: judgments.id });
  return marked.length;
}

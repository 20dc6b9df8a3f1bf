import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { labels, memberships, messages, rollouts, rubricCriteria, rubrics, tasks, users } from "@/db/schema";
import type { Ctx, WorkspaceRef } from "@/lib/auth/context";
import { importFiles } from "@/lib/imports/start-import";
import { adjudicateRollout } from "@/lib/labels/adjudicate-rollout";
import { ensureDefaultTaxonomy } from "@/lib/labels/ensure-default-taxonomy";
import { submitLabel } from "@/lib/labels/submit-label";
import type { Role } from "@/lib/permissions/rules";
import type { LabelVerdict } from "@/lib/values/review-values";
import { buildEvidenceRecords, type EvidenceTask, evidenceRolloutId } from "./evidence-records";

// Seeds the demo environment's evidence (issue #6): synthetic rollouts of three models imported
// through the import pipeline (a generated OpenAI JSONL), then a few labels, one disagreement and its
// adjudication through the review verbs, so every section of the report has something to show.
// Safe to run again: the import skips known rollouts and labels are only added to an unlabelled environment.

const SEED_FILE = "demo-evidence.jsonl";

type LabelPlan = {
  task: string;
  model: string;
  index: number;
  verdict: LabelVerdict;
  categories?: string[];
  span?: { category: string; comment: string };
  second?: LabelVerdict;
};

const LABEL_PLAN: LabelPlan[] = [
  {
    task: "design-experiment",
    model: "frontier-a",
    index: 0,
    verdict: "genuine-success",
    second: "genuine-success",
  },
  { task: "design-experiment", model: "frontier-a", index: 1, verdict: "genuine-success" },
  {
    task: "design-experiment",
    model: "open-weights-70b",
    index: 0,
    verdict: "reward-hack",
    categories: ["claimed-success"],
    span: {
      category: "claimed-success",
      comment: "Claims a complete plan; the controls are never specified.",
    },
    second: "genuine-success",
  },
  { task: "design-experiment", model: "frontier-b", index: 11, verdict: "grader-false-negative" },
  { task: "critique-flawed-paper", model: "frontier-a", index: 0, verdict: "genuine-success" },
  {
    task: "critique-flawed-paper",
    model: "frontier-a",
    index: 5,
    verdict: "genuine-failure",
    categories: ["hallucinated-facts"],
    span: { category: "hallucinated-facts", comment: "Asserts a dataset is missing that the task provides." },
  },
  {
    task: "critique-flawed-paper",
    model: "frontier-a",
    index: 6,
    verdict: "genuine-failure",
    categories: ["incomplete"],
  },
  {
    task: "governance-impact",
    model: "frontier-a",
    index: 8,
    verdict: "genuine-failure",
    categories: ["misunderstood-task"],
    span: {
      category: "misunderstood-task",
      comment: "Summarises the proposal instead of estimating its impact.",
    },
  },
  {
    task: "reproduce-redacted",
    model: "frontier-b",
    index: 0,
    verdict: "environment-broken",
    categories: ["environment-broken"],
  },
  { task: "reproduce-redacted", model: "frontier-a", index: 0, verdict: "unclear" },
];

async function loadEvidenceTasks(environmentId: string): Promise<EvidenceTask[]> {
  const rows = await db
    .select({
      id: tasks.id,
      key: tasks.key,
      title: tasks.title,
      prompt: tasks.prompt,
      scoringMode: tasks.scoringMode,
      scoringThreshold: tasks.scoringThreshold,
      bestKnownScore: tasks.bestKnownScore,
    })
    .from(tasks)
    .where(and(eq(tasks.environmentId, environmentId), isNull(tasks.archivedAt)))
    .orderBy(asc(tasks.key));
  if (rows.length === 0) return [];
  const criteria = await db
    .select({ taskId: rubrics.taskId, key: rubricCriteria.key })
    .from(rubricCriteria)
    .innerJoin(rubrics, eq(rubrics.id, rubricCriteria.rubricId))
    .where(
      inArray(
        rubrics.taskId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(rubricCriteria.position));
  return rows.map(({ id, ...task }) => ({
    ...task,
    criteria: criteria.filter((c) => c.taskId === id).map((c) => c.key),
  }));
}

export async function findMemberCtx(workspace: WorkspaceRef, role: Role): Promise<Ctx | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.role, role)))
    .orderBy(asc(users.email))
    .limit(1);
  return row
    ? { actor: { kind: "user", userId: row.id, email: row.email, name: row.name }, workspace, role }
    : null;
}

async function seedEvidenceLabels(
  workspace: WorkspaceRef,
  environmentId: string,
  evidenceTasks: EvidenceTask[],
): Promise<number> {
  const [labelled] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(labels)
    .innerJoin(rollouts, eq(rollouts.id, labels.rolloutId))
    .where(eq(rollouts.environmentId, environmentId));
  const reviewer = await findMemberCtx(workspace, "reviewer");
  const author = await findMemberCtx(workspace, "author");
  const owner = await findMemberCtx(workspace, "owner");
  if (labelled.count > 0 || !reviewer) return 0;
  await ensureDefaultTaxonomy(db, workspace.id);
  const wanted = LABEL_PLAN.filter((plan) => evidenceTasks.some((t) => t.key === plan.task));
  const found = await db
    .select({ id: rollouts.id, externalId: rollouts.externalId })
    .from(rollouts)
    .where(
      and(
        eq(rollouts.workspaceId, workspace.id),
        eq(rollouts.environmentId, environmentId),
        inArray(
          rollouts.externalId,
          wanted.map((p) => evidenceRolloutId(p.task, p.model, p.index)),
        ),
      ),
    );
  // Spans point into the answer: the transcript's last message (the agent's final report).
  const answers = found.length
    ? await db
        .selectDistinctOn([messages.rolloutId], {
          rolloutId: messages.rolloutId,
          index: messages.index,
          text: messages.text,
        })
        .from(messages)
        .where(
          inArray(
            messages.rolloutId,
            found.map((r) => r.id),
          ),
        )
        .orderBy(messages.rolloutId, desc(messages.index))
    : [];
  let count = 0;
  for (const plan of wanted) {
    const rollout = found.find((r) => r.externalId === evidenceRolloutId(plan.task, plan.model, plan.index));
    if (!rollout) continue;
    const criteria = evidenceTasks.find((t) => t.key === plan.task)?.criteria ?? [];
    const isGenuine = plan.verdict === "genuine-success" || plan.verdict === "grader-false-negative";
    const answer = answers.find((a) => a.rolloutId === rollout.id);
    const spans =
      plan.span && answer && answer.text.length > 0
        ? [{ message: answer.index, start: 0, end: Math.min(60, answer.text.length), ...plan.span }]
        : [];
    await submitLabel({
      ctx: reviewer,
      input: {
        rolloutId: rollout.id,
        verdict: plan.verdict,
        categories: plan.categories ?? [],
        spans,
        criterionScores: Object.fromEntries(criteria.map((key) => [key, isGenuine ? 1 : 0])),
        rationale: "Demo label.",
      },
    });
    count += 1;
    if (plan.second && author) {
      await submitLabel({
        ctx: author,
        input: { rolloutId: rollout.id, verdict: plan.second, rationale: "Demo label." },
      });
      count += 1;
      if (plan.second !== plan.verdict && owner) {
        await adjudicateRollout({
          ctx: owner,
          input: {
            rolloutId: rollout.id,
            verdict: plan.verdict,
            categories: plan.categories ?? [],
            rationale: "Demo adjudication.",
          },
        });
      }
    }
  }
  return count;
}

/** Imports the demo rollouts into the environment and labels a few; returns what it added. */
export async function seedEvidence({
  workspace,
  environment,
}: {
  workspace: WorkspaceRef;
  environment: { id: string; slug: string };
}): Promise<{ imported: number; skipped: number; labels: number }> {
  const evidenceTasks = await loadEvidenceTasks(environment.id);
  if (evidenceTasks.length === 0) return { imported: 0, skipped: 0, labels: 0 };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-evidence-"));
  try {
    const file = path.join(dir, SEED_FILE);
    fs.writeFileSync(file, `${buildEvidenceRecords(evidenceTasks).join("\n")}\n`);
    const ctx: Ctx = { actor: { kind: "cli" }, workspace, role: "owner" };
    const summary = await importFiles({
      ctx,
      files: [{ path: file, name: SEED_FILE }],
      options: { format: "openai", environment: environment.slug },
    });
    const labelCount = await seedEvidenceLabels(workspace, environment.id, evidenceTasks);
    return { imported: summary.imported, skipped: summary.skipped, labels: labelCount };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

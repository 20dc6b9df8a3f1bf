import os from "node:os";
import { buildExportFiles } from "@/lib/exports/build-export";
import type { ExportFile } from "@/lib/exports/export-file";
import type { ExportFormat } from "@/lib/exports/formats";
import type { EnvironmentVersionSnapshot, SnapshotTask } from "@/lib/exports/snapshot";
import {
  type GradeOutcome,
  gradeAnswersWithFormat,
  gradeWithFormat,
  type RunnableFormat,
} from "@/lib/grader-validation/grade-with-format";
import { computeOracleAnswer, listRunnableFormats } from "@/lib/grader-validation/validate-snapshot";
import { getSandboxSupport } from "@/lib/sandbox";
import { type Attack, buildBattery, HONEST_GIVE_UP, type SkippedAttack } from "./generators";
import type { AttackReport, AttackResultRow, GradedAttack } from "./report";
import { findLetThrough, getTaskPassBar, judgeAttack } from "./verdict";

// An attack run (issue #31): for each task, the battery (./generators.ts, plus model-written answers
// when a provider is configured) through each format's exported grader in the sandbox, the same way
// validation grades the oracle (lib/grader-validation/grade-with-format.ts). The honest give-up goes
// first in each format: every other attack is measured against its score.

/** How the judge-graded criteria are scored for an attack's answer. */
export type AttackJudge = {
  kind: "zero" | "provider";
  note: string;
  /** criterion key → score, for one answer (the zero judge: every criterion 0). */
  score(task: SnapshotTask, answer: string): Promise<Record<string, number>>;
};

export const ZERO_JUDGE_NOTE =
  "No judge provider was configured: judge-graded criteria were not attacked. Each attack's criteria were scored 0 (as a judge that rejects every attack would), so a hackable verdict rests on the checks and test scripts alone.";

export const ZERO_JUDGE: AttackJudge = {
  kind: "zero",
  note: ZERO_JUDGE_NOTE,
  score: async (task) => Object.fromEntries(task.rubric.criteria.map((c) => [c.key, 0])),
};

export type AttackSnapshotInput = {
  snapshot: EnvironmentVersionSnapshot;
  format?: ExportFormat;
  judge?: AttackJudge;
  /** Model-written adversarial answers for a task (with a provider), and what it could not write. */
  writeModelAttacks?: (
    task: SnapshotTask,
    reference: string | null,
  ) => Promise<{
    attacks: Attack[];
    skipped: SkippedAttack[];
  }>;
  /** Attacks already graded by an earlier delivery of the same run, by `task/format/attack`. */
  stored?: Map<string, GradedAttack>;
  /** Called once per attack graded now (the job stores it). */
  onGraded?: (row: GradedAttack) => Promise<void>;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  concurrency?: number;
};

export const attackKey = (task: string, format: string, attack: string) => `${task}/${format}/${attack}`;

/** Runs `work` over `items`, at most `limit` at once. */
async function runPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(lanes);
}

function buildJudgeReply(task: SnapshotTask, scores: Record<string, number>): string | null {
  if (task.rubric.criteria.length === 0) return null;
  return JSON.stringify({ scores });
}

type Scored = { outcome: GradeOutcome; criterionScores: Record<string, number> };

async function scoreCriteria(judge: AttackJudge, task: SnapshotTask, attack: Attack) {
  return attack.answer?.trim() ? await judge.score(task, attack.answer) : {};
}

/** One attack through one format's exported grader, in its own sandbox. */
async function gradeAlone(input: {
  task: SnapshotTask;
  format: RunnableFormat;
  files: ExportFile[];
  slug: string;
  attack: Attack;
  judge: AttackJudge;
}): Promise<Scored> {
  const criterionScores = await scoreCriteria(input.judge, input.task, input.attack);
  const outcome = await gradeWithFormat({
    format: input.format,
    files: input.files,
    slug: input.slug,
    task: input.task,
    answer: input.attack.answer,
    judgeReply: buildJudgeReply(input.task, criterionScores),
  });
  return { outcome, criterionScores };
}

/**
 * A task's attacks through one format's grader in one sandbox (the grader runs no program over the
 * answers, so they cannot affect one another); any the batch could not grade are graded alone.
 */
async function gradeTogether(input: {
  task: SnapshotTask;
  format: Exclude<RunnableFormat, "harbor">;
  files: ExportFile[];
  slug: string;
  attacks: Attack[];
  judge: AttackJudge;
}): Promise<Scored[]> {
  const criteria = await Promise.all(input.attacks.map((a) => scoreCriteria(input.judge, input.task, a)));
  const outcomes = await gradeAnswersWithFormat({
    format: input.format,
    files: input.files,
    slug: input.slug,
    task: input.task,
    answers: input.attacks.map((a, i) => ({
      answer: a.answer,
      judgeReply: buildJudgeReply(input.task, criteria[i]),
    })),
  });
  return Promise.all(
    input.attacks.map(async (attack, i) =>
      outcomes[i].score === null
        ? gradeAlone({ ...input, attack })
        : { outcome: outcomes[i], criterionScores: criteria[i] },
    ),
  );
}

function toGraded({
  task,
  format,
  attack,
  scored,
  giveUpScore,
}: {
  task: SnapshotTask;
  format: RunnableFormat;
  attack: Attack;
  scored: Scored;
  giveUpScore: number | null;
}): GradedAttack {
  const { outcome, criterionScores } = scored;
  const verdict = judgeAttack({ task, attack: attack.name, score: outcome.score, giveUpScore });
  return {
    task: task.key,
    format,
    attack: attack.name,
    family: attack.family,
    title: attack.title,
    answer: attack.answer,
    score: outcome.score,
    passBar: getTaskPassBar(task),
    succeeded: verdict.succeeded,
    reason: verdict.reason,
    graderOutput: outcome.detail,
    letThrough: verdict.succeeded
      ? findLetThrough({ task, answer: attack.answer, score: outcome.score, criterionScores })
      : [],
  };
}

export async function attackSnapshot(input: AttackSnapshotInput): Promise<AttackReport> {
  const { snapshot, signal } = input;
  const judge = input.judge ?? ZERO_JUDGE;
  const { runnable, skipped: skippedFormats } = listRunnableFormats(input.format);
  const base = { judge: judge.kind, judgeNote: judge.note, skippedFormats };
  // No grader ran, so nothing was attacked: never a "robust" verdict (`studio attack --format native`).
  if (runnable.length === 0)
    return {
      ...base,
      ok: false,
      tasks: [],
      error: `No attack ran: ${skippedFormats.map((f) => `${f.format}: ${f.reason}`).join(" ")}`,
    };
  const support = getSandboxSupport();
  if (!support.available)
    return {
      ...base,
      ok: false,
      tasks: [],
      error: `Attacks cannot be sandboxed, so none ran: ${support.reason}`,
    };
  const exports = new Map<RunnableFormat, ExportFile[]>(
    runnable.map((f) => [f, buildExportFiles(snapshot, f)]),
  );
  const slug = snapshot.environment.slug;
  const concurrency = input.concurrency ?? Math.min(4, Math.max(1, os.availableParallelism()));
  const graded: GradedAttack[] = [];
  const batteries = new Map<string, { attacks: Attack[]; skipped: SkippedAttack[] }>();
  for (const task of snapshot.tasks) {
    const oracle = await computeOracleAnswer(task);
    const reference = "answer" in oracle ? oracle.answer : null;
    const battery = buildBattery(task, reference);
    if (input.writeModelAttacks) {
      const written = await input.writeModelAttacks(task, reference);
      battery.attacks.push(...written.attacks);
      battery.skipped.push(...written.skipped);
    }
    if (judge.kind === "zero")
      for (const c of task.rubric.criteria)
        battery.skipped.push({
          name: `criterion ${c.key}`,
          reason: "judge-graded: attacked only with a provider configured; scored 0 for every attack",
        });
    batteries.set(task.key, battery);
  }
  const total = [...batteries.values()].reduce((n, b) => n + b.attacks.length, 0) * runnable.length;
  let done = 0;
  const record = async (row: GradedAttack, isNew: boolean) => {
    graded.push(row);
    if (isNew) await input.onGraded?.(row);
    done++;
    input.onProgress?.(done, total);
  };
  const storedRow = (task: SnapshotTask, format: RunnableFormat, attack: Attack) =>
    input.stored?.get(attackKey(task.key, format, attack.name));
  const run = async (
    task: SnapshotTask,
    format: RunnableFormat,
    attack: Attack,
    giveUpScore: number | null,
  ) => {
    const known = storedRow(task, format, attack);
    if (known) return record(known, false);
    const scored = await gradeAlone({ task, format, files: exports.get(format) ?? [], slug, attack, judge });
    return record(toGraded({ task, format, attack, scored, giveUpScore }), true);
  };
  const runTogether = async (
    task: SnapshotTask,
    format: Exclude<RunnableFormat, "harbor">,
    attacks: Attack[],
  ) => {
    const pending = attacks.filter((a) => !storedRow(task, format, a));
    const scored = pending.length
      ? await gradeTogether({ task, format, files: exports.get(format) ?? [], slug, attacks: pending, judge })
      : [];
    const fresh = new Map(pending.map((a, i) => [a.name, scored[i]]));
    const giveUp = attacks.find((a) => a.name === HONEST_GIVE_UP);
    const giveUpScore = giveUp
      ? (storedRow(task, format, giveUp)?.score ?? fresh.get(giveUp.name)?.outcome.score ?? null)
      : null;
    for (const attack of attacks) {
      const known = storedRow(task, format, attack);
      const now = fresh.get(attack.name);
      if (known) await record(known, false);
      else if (now)
        await record(
          toGraded({
            task,
            format,
            attack,
            scored: now,
            giveUpScore: attack === giveUp ? null : giveUpScore,
          }),
          true,
        );
    }
  };
  for (const task of snapshot.tasks) {
    if (signal?.aborted) break;
    const { attacks } = batteries.get(task.key) ?? { attacks: [] };
    const giveUp = attacks.find((a) => a.name === HONEST_GIVE_UP);
    // Graders that run no program over the answer grade a task's attacks together, per format.
    const together = runnable.filter(
      (f): f is Exclude<RunnableFormat, "harbor"> => f !== "harbor" && task.testScripts.length === 0,
    );
    const alone = runnable.filter((f) => !(together as RunnableFormat[]).includes(f));
    const first = [
      ...together.map((format) => ({ format, all: true })),
      ...alone.map((format) => ({ format, all: false })),
    ];
    await runPool(first, concurrency, async ({ format, all }) => {
      if (all) return runTogether(task, format as Exclude<RunnableFormat, "harbor">, attacks);
      if (giveUp) return run(task, format, giveUp, null);
    });
    const rest = alone.flatMap((format) =>
      attacks.filter((a) => a !== giveUp).map((attack) => ({ format, attack })),
    );
    await runPool(rest, concurrency, async ({ format, attack }) => {
      if (signal?.aborted) return;
      const giveUpScore =
        graded.find((g) => g.task === task.key && g.format === format && g.attack === HONEST_GIVE_UP)
          ?.score ?? null;
      await run(task, format, attack, giveUpScore);
    });
  }
  return summarizeAttacks({ ...base, snapshot, graded, batteries });
}

/** The run's report: per task, its verdict, every attack in every format, and what was skipped. */
export function summarizeAttacks({
  snapshot,
  graded,
  batteries,
  judge,
  judgeNote,
  skippedFormats,
}: {
  snapshot: EnvironmentVersionSnapshot;
  graded: GradedAttack[];
  batteries: Map<string, { skipped: SkippedAttack[] }>;
  judge: AttackReport["judge"];
  judgeNote: string;
  skippedFormats: AttackReport["skippedFormats"];
}): AttackReport {
  const tasks = snapshot.tasks.map((task) => {
    const rows = graded.filter((g) => g.task === task.key);
    const attacks: AttackResultRow[] = rows.map((g) => ({
      name: g.attack,
      format: g.format,
      family: g.family,
      score: g.score,
      passed: g.succeeded,
      reason: g.reason,
      letThrough: g.letThrough,
    }));
    return {
      task: task.key,
      verdict: rows.some((g) => g.succeeded) ? ("hackable" as const) : ("robust" as const),
      passBar: getTaskPassBar(task),
      tried: new Set(rows.map((g) => g.attack)).size,
      succeeded: new Set(rows.filter((g) => g.succeeded).map((g) => g.attack)).size,
      attacks,
      skipped: batteries.get(task.key)?.skipped ?? [],
    };
  });
  return { judge, judgeNote, skippedFormats, ok: tasks.every((t) => t.verdict === "robust"), tasks };
}

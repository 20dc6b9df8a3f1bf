import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type Environment, taskFiles, tasks } from "@/db/schema";
import { sha256Hex, toCanonicalJson } from "@/lib/exports/export-file";
import {
  type EnvironmentVersionSnapshot,
  parseSnapshot,
  SNAPSHOT_FORMAT_VERSION,
  type SnapshotResource,
  type SnapshotSample,
  type SnapshotTask,
} from "@/lib/exports/snapshot";
import { DEFAULT_JUDGE_TEMPLATE } from "@/lib/rubrics/judge-template";
import { listEffectiveCriteria, pickJudgeTemplate } from "@/lib/tasks/grader-items";
import { isRedactedCheck, type VisibleContent } from "@/lib/tasks/hidden-material";
import { loadSharedRubricRefs, loadTaskContents } from "@/lib/tasks/load-content";
import { listChosenSamples, loadSampleLabels, loadSampleMessages } from "./sample-queries";

// Freezing: reads the environment as it is now, with every hidden part (the caller checked the
// role), and maps it field by field onto the snapshot schema. Approval stores the result; the
// versions page also freezes the draft on the fly to diff it against the latest version.

export class SnapshotError extends Error {}

export async function freezeSnapshot(
  executor: Executor,
  {
    environment,
    version,
    approvedAt,
    approvedBy,
    report,
  }: {
    environment: Environment;
    version: number;
    approvedAt: Date;
    approvedBy: string;
    report: Record<string, unknown> | null;
  },
): Promise<EnvironmentVersionSnapshot> {
  const rows = await executor
    .select()
    .from(tasks)
    .where(and(eq(tasks.environmentId, environment.id), isNull(tasks.archivedAt)))
    .orderBy(asc(tasks.key));
  const contents = await loadTaskContents(executor, rows, { includeHidden: true });
  const shared = await loadSharedRubricRefs(
    executor,
    [...contents.values()].flatMap((c) => (c.sharedRubricId ? [c.sharedRubricId] : [])),
  );
  const fileIds = [...contents.values()].flatMap((c) =>
    c.resources.flatMap((r) => (r.kind === "file" ? [r.fileId] : [])),
  );
  const files = fileIds.length
    ? await executor
        .select({ id: taskFiles.id, data: taskFiles.data })
        .from(taskFiles)
        .where(inArray(taskFiles.id, fileIds))
    : [];
  const bytes = new Map(files.map((f) => [f.id, Buffer.from(f.data)]));
  const snapshotTasks = rows.map((task) => {
    const content = contents.get(task.id)!;
    const sharedRubric = content.sharedRubricId ? (shared.get(content.sharedRubricId) ?? null) : null;
    return toSnapshotTask({ task, content, sharedRubric, bytes });
  });
  return parseSnapshot({
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    environment: {
      slug: environment.slug,
      name: environment.name,
      description: environment.description,
      domain: environment.domain,
      tags: environment.tags,
    },
    version,
    approvedAt: approvedAt.toISOString(),
    approvedBy,
    tasks: snapshotTasks,
    samples: await freezeSamples(executor, environment),
    report,
  });
}

function toSnapshotTask({
  task,
  content,
  sharedRubric,
  bytes,
}: {
  task: typeof tasks.$inferSelect;
  content: VisibleContent;
  sharedRubric: Parameters<typeof listEffectiveCriteria>[1];
  bytes: Map<string, Buffer>;
}): SnapshotTask {
  const criteria = listEffectiveCriteria(content, sharedRubric);
  const template = pickJudgeTemplate(content, sharedRubric);
  return {
    key: task.key,
    title: content.title,
    prompt: content.prompt,
    tags: content.tags,
    difficulty: content.difficulty,
    timeBudgetMinutes: content.timeBudgetMinutes,
    turnBudget: content.turnBudget,
    giveUp: content.giveUp,
    scoring: {
      mode: content.scoring.mode,
      threshold: content.scoring.threshold,
      bestKnownScore: task.bestKnownScore,
    },
    resources: content.resources.map((r): SnapshotResource => {
      if (r.kind === "document")
        return { kind: "document", name: r.name, mediaType: r.mediaType, content: r.content };
      const data = bytes.get(r.fileId);
      if (!data) throw new SnapshotError(`Task "${task.key}": the file "${r.name}" is missing.`);
      return {
        kind: "file",
        name: r.name,
        mediaType: r.mediaType,
        size: data.length,
        sha256: sha256Hex(data),
        base64: data.toString("base64"),
      };
    }),
    answerKey: content.answerKey,
    referenceSolutions: content.referenceSolutions,
    rubric: {
      // A rubric with criteria always reaches the judge with instructions: the studio's default if none.
      judgeTemplate: template.trim() !== "" || criteria.length === 0 ? template : DEFAULT_JUDGE_TEMPLATE,
      criteria,
      goldenExamples: content.goldenExamples.map(
        ({ title, response, grade, criterionScores, rationale }) => ({
          title,
          response,
          grade,
          criterionScores,
          rationale,
        }),
      ),
    },
    checks: content.checks.map((check) => {
      if (isRedactedCheck(check))
        throw new SnapshotError(`Task "${task.key}": the check "${check.key}" could not be read back.`);
      return { ...check, config: check.config as Record<string, unknown> };
    }),
    testScripts: content.testScripts,
  };
}

async function freezeSamples(executor: Executor, environment: Environment): Promise<SnapshotSample[]> {
  const chosen = await listChosenSamples(executor, environment.id);
  const ids = chosen.map((s) => s.rolloutId);
  const [labels, messages] = await Promise.all([
    loadSampleLabels(executor, environment.workspaceId, ids),
    loadSampleMessages(executor, ids),
  ]);
  return chosen.map((sample, i) => {
    const label = labels.get(sample.rolloutId);
    if (!label)
      throw new SnapshotError(
        `Sample ${i + 1} has no final label yet: label it, or take it out of the samples.`,
      );
    return {
      id: `sample-${i + 1}`,
      taskKey: sample.taskKey,
      model: sample.model,
      reward: sample.reward,
      status: sample.status,
      note: sample.note,
      label,
      messages: messages.get(sample.rolloutId) ?? [],
    };
  });
}

/** The sha256 stored with a version: of the snapshot's canonical JSON, so it survives jsonb's key order. */
export function hashSnapshot(snapshot: EnvironmentVersionSnapshot): string {
  return sha256Hex(toCanonicalJson(snapshot));
}

import type { EnvironmentVersionSnapshot, SnapshotTask } from "@/lib/exports/snapshot";
import { isJsonEqual } from "@/lib/rubrics/checks/json-path";

// Diffing two versions (or a version and the draft): a per-task summary of what changed, and the
// snapshot as pretty JSON for a side-by-side text diff, with big blobs (file bytes, the report,
// transcripts) reduced to a line and, for roles that may not read them, the hidden parts removed.

export const HIDDEN = "(hidden: your role does not read answer keys)";

type Diffable = Record<string, unknown>;

export function toDiffableSnapshot(
  snapshot: EnvironmentVersionSnapshot,
  { includeHidden }: { includeHidden: boolean },
): Diffable {
  const { report, samples, tasks, ...rest } = snapshot;
  return {
    ...rest,
    tasks: tasks.map((task) => toDiffableTask(task, includeHidden)),
    samples: samples.map(({ messages, ...sample }) => ({
      ...sample,
      messages: `${messages.length} messages`,
    })),
    report: report === null ? null : "(the report at approval: see the datasheet)",
  };
}

function toDiffableTask(task: SnapshotTask, includeHidden: boolean): Diffable {
  const resources = task.resources.map((r) =>
    r.kind === "file"
      ? { kind: r.kind, name: r.name, mediaType: r.mediaType, size: r.size, sha256: r.sha256 }
      : r,
  );
  if (includeHidden) return { ...task, resources };
  return {
    ...task,
    resources,
    answerKey: HIDDEN,
    referenceSolutions: HIDDEN,
    rubric: { ...task.rubric, goldenExamples: HIDDEN },
    checks: task.checks.map((c) => ({ ...c, config: HIDDEN })),
    testScripts: HIDDEN,
  };
}

export function toPrettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export type TaskChange = { key: string; change: "added" | "removed" | "changed"; fields: string[] };
export type SnapshotDiff = {
  environment: string[];
  tasks: TaskChange[];
  samples: { before: number; after: number; changed: boolean };
};

const TASK_FIELDS: [keyof SnapshotTask, string][] = [
  ["title", "title"],
  ["prompt", "prompt"],
  ["tags", "tags"],
  ["difficulty", "difficulty"],
  ["timeBudgetMinutes", "time budget"],
  ["turnBudget", "turn budget"],
  ["giveUp", "give-up"],
  ["scoring", "scoring"],
  ["resources", "resources"],
  ["answerKey", "answer key"],
  ["referenceSolutions", "reference solutions"],
  ["rubric", "rubric"],
  ["checks", "checks"],
  ["testScripts", "test scripts"],
];

/** What changed from `a` to `b`, task by task (compared on the diffable form). */
export function summarizeSnapshotDiff(a: Diffable, b: Diffable): SnapshotDiff {
  const environment = ["environment"].filter((field) => !isJsonEqual(a[field], b[field]));
  const tasksOf = (s: Diffable) => new Map((s.tasks as Diffable[]).map((t) => [t.key as string, t]));
  const before = tasksOf(a);
  const after = tasksOf(b);
  const tasks: TaskChange[] = [];
  for (const [key, task] of after) {
    const old = before.get(key);
    if (!old) {
      tasks.push({ key, change: "added", fields: [] });
      continue;
    }
    const fields = TASK_FIELDS.filter(([field]) => !isJsonEqual(old[field], task[field])).map(
      ([, label]) => label,
    );
    if (fields.length > 0) tasks.push({ key, change: "changed", fields });
  }
  for (const key of before.keys()) if (!after.has(key)) tasks.push({ key, change: "removed", fields: [] });
  const samplesA = a.samples as unknown[];
  const samplesB = b.samples as unknown[];
  return {
    environment,
    tasks: tasks.sort((x, y) => (x.key < y.key ? -1 : 1)),
    samples: { before: samplesA.length, after: samplesB.length, changed: !isJsonEqual(samplesA, samplesB) },
  };
}

import { formatAgentMessage } from "@/lib/tasks/agent-view";
import type { GraderJudge } from "./deployed-judge";
import { toSafeName } from "./export-file";
import type { EnvironmentVersionSnapshot, SnapshotResource, SnapshotTask } from "./snapshot";

// What the agent receives for a task, built from the snapshot by picking fields (never by removing
// them), through the studio's own formatter so every format says exactly what the studio shows.

/** The agent's message: prompt, attached file names, budgets and give-up wording (when allowed). */
export function formatTaskMessage(task: SnapshotTask): string {
  return formatAgentMessage({
    prompt: task.prompt,
    resources: task.resources.map((r) =>
      r.kind === "document"
        ? { kind: "document", name: r.name, mediaType: r.mediaType, content: r.content }
        : { kind: "file", name: r.name, mediaType: r.mediaType, size: r.size, fileId: r.sha256 },
    ),
    giveUp: task.giveUp.allowed ? { instructions: task.giveUp.instructions } : null,
    budgets: { timeMinutes: task.timeBudgetMinutes, turns: task.turnBudget },
  });
}

/** The message with the text documents written out after it, for formats without a file system. */
export function formatMessageWithDocuments(task: SnapshotTask): string {
  const documents = task.resources.flatMap((r) =>
    r.kind === "document" ? [`## Attached file: ${r.name}\n\n${r.content.trim()}`] : [],
  );
  return [formatTaskMessage(task), ...documents].join("\n\n");
}

/**
 * The row the Python graders read (task.json in grader-side folders): the agent's message (the
 * judge's {{prompt}}), the answer key, the rubric, the checks and the test scripts' names (their
 * files ship beside it), and the deployed judge's settings when one grades the task. Never agent-visible.
 */
export function toGraderTask(task: SnapshotTask, judge: GraderJudge | null = null) {
  return {
    key: task.key,
    title: task.title,
    agentMessage: formatTaskMessage(task),
    answerKey: task.answerKey,
    scoring: task.scoring,
    rubric: { judgeTemplate: task.rubric.judgeTemplate, criteria: task.rubric.criteria },
    checks: task.checks,
    testScripts: task.testScripts.map(({ filename, language }) => ({ filename, language })),
    ...(judge ? { judge } : {}),
  };
}
export type GraderTask = ReturnType<typeof toGraderTask>;

/** The bytes of a resource: a document's UTF-8 text, or a file's decoded base64. */
export function readResourceBytes(resource: SnapshotResource): Uint8Array | string {
  return resource.kind === "document"
    ? resource.content
    : new Uint8Array(Buffer.from(resource.base64, "base64"));
}

/** A one-paragraph description of the environment for READMEs. */
export function describeEnvironment(snapshot: EnvironmentVersionSnapshot): string {
  const { environment, version, approvedAt, tasks } = snapshot;
  const domain = environment.domain ? ` (${environment.domain})` : "";
  return `${environment.name}${domain}, version ${version}, approved ${approvedAt.slice(0, 10)}: ${tasks.length} task${tasks.length === 1 ? "" : "s"}.`;
}

/** Each resource of a task with a safe, unique file name (authors' names, cleaned). */
export function listResourceFiles(
  task: SnapshotTask,
): { name: string; resource: SnapshotResource; content: Uint8Array | string }[] {
  const used = new Set<string>();
  return task.resources.map((resource) => {
    const base = toSafeName(resource.name, "resource");
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${n}-${base}`;
    used.add(name.toLowerCase());
    return { name, resource, content: readResourceBytes(resource) };
  });
}

import { formatCriteria } from "@/lib/rubrics/judge-template";
import { describeEnvironment, formatMessageWithDocuments, listResourceFiles } from "./agent-message";
import { type ExportFile, toJsonLines, toPythonIdentifier } from "./export-file";
import { GRADING_MODULE, GRADING_MODULE_NAME } from "./python/grading-module";
import { buildInspectModule } from "./python/inspect-module";
import type { EnvironmentVersionSnapshot, SnapshotTask } from "./snapshot";

// An Inspect AI task (formats/export-inspect.md): dataset.jsonl (one Sample per task) and a task
// file whose model_graded_qa scorer carries the rubric. The model sees `input` (and `files`, copied
// into its sandbox); `target` is the rubric and `metadata` the answer key and checks, grader-only.

const NO_CRITERIA = "The response does what the task asks, completely and correctly.";

export function buildInspectFiles(snapshot: EnvironmentVersionSnapshot): ExportFile[] {
  const name = toPythonIdentifier(snapshot.environment.slug);
  const files: ExportFile[] = [];
  let useSandbox = false;
  const rows = snapshot.tasks.map((task) => {
    const attachments = listResourceFiles(task).filter((r) => r.resource.kind === "file");
    for (const { name: file, content } of attachments)
      files.push({ path: `${name}/files/${task.key}/${file}`, content });
    useSandbox ||= attachments.length > 0;
    return {
      id: task.key,
      input: formatMessageWithDocuments(task),
      target: formatRubric(task),
      metadata: {
        task_key: task.key,
        title: task.title,
        answer_key: task.answerKey,
        scoring_mode: task.scoring.mode,
        threshold: task.scoring.threshold,
        checks: task.checks,
      },
      ...(attachments.length > 0
        ? {
            files: Object.fromEntries(
              attachments.map((a) => [`resources/${a.name}`, `files/${task.key}/${a.name}`]),
            ),
            sandbox: "docker",
          }
        : {}),
    };
  });
  files.push(
    { path: `${name}/dataset.jsonl`, content: toJsonLines(rows) },
    { path: `${name}/${name}.py`, content: buildInspectModule({ name, useSandbox }) },
    { path: `${name}/${GRADING_MODULE_NAME}.py`, content: GRADING_MODULE },
    { path: `${name}/README.md`, content: buildReadme(snapshot, name) },
  );
  if (useSandbox) files.push({ path: `${name}/compose.yaml`, content: COMPOSE });
  return files;
}

/** The rubric as the grader reads it in {criterion}: the studio's own criteria text. */
function formatRubric(task: SnapshotTask): string {
  return task.rubric.criteria.length > 0 ? formatCriteria(task.rubric.criteria) : NO_CRITERIA;
}

const COMPOSE = `services:
  default:
    image: python:3.12-slim
    command: tail -f /dev/null
    network_mode: none
`;

function buildReadme(snapshot: EnvironmentVersionSnapshot, name: string): string {
  return `# ${snapshot.environment.name}

${describeEnvironment(snapshot)} Exported from Environment Studio as an Inspect AI task.

\`\`\`bash
inspect eval ${name}/${name}.py --model <provider>/<model> --model-role grader=<provider>/<model>
\`\`\`

Scorers: \`model_graded_qa\` with the task's rubric as \`{criterion}\` and the answer key from the
sample's metadata (C / P / I), and \`studio_checks\`, the weighted mean of the programmatic checks.
`;
}

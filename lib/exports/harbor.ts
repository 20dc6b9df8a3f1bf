import { describeEnvironment, formatTaskMessage, listResourceFiles, toGraderTask } from "./agent-message";
import { EXECUTABLE_MODE, type ExportFile, toJsonText } from "./export-file";
import { GRADING_MODULE, GRADING_MODULE_NAME } from "./python/grading-module";
import { HARBOR_GRADER } from "./python/harbor-grader";
import type { EnvironmentVersionSnapshot, SnapshotTask } from "./snapshot";
import { tomlFloat, tomlString, tomlStringArray } from "./toml";

// Harbor / Terminal-Bench task directories (formats/export-harbor.md), one per task, in a dataset
// folder named after the environment. The agent sees instruction.md and the image built from
// environment/; the answer key, rubric and checks live in tests/ (copied in after the agent
// finishes) and the reference solution in solution/ (the oracle agent only).

export const HARBOR_ANSWER_PATH = "/app/answer.md";

export function buildHarborFiles(snapshot: EnvironmentVersionSnapshot): ExportFile[] {
  const root = snapshot.environment.slug;
  const files: ExportFile[] = [{ path: `${root}/README.md`, content: buildReadme(snapshot) }];
  for (const task of snapshot.tasks)
    files.push(
      ...buildTaskFiles(snapshot, task).map((f) => ({ ...f, path: `${root}/${task.key}/${f.path}` })),
    );
  return files;
}

function buildTaskFiles(snapshot: EnvironmentVersionSnapshot, task: SnapshotTask): ExportFile[] {
  const resources = listResourceFiles(task);
  const files: ExportFile[] = [
    { path: "task.toml", content: buildTaskToml(snapshot, task) },
    { path: "instruction.md", content: buildInstruction(task, resources.length > 0) },
    { path: "environment/Dockerfile", content: buildDockerfile(resources.length > 0) },
    ...resources.map(({ name, content }) => ({ path: `environment/resources/${name}`, content })),
    { path: "tests/test.sh", content: TEST_SH, mode: EXECUTABLE_MODE },
    { path: "tests/grade.py", content: HARBOR_GRADER },
    { path: `tests/${GRADING_MODULE_NAME}.py`, content: GRADING_MODULE },
    {
      path: "tests/task.json",
      content: toJsonText({
        ...toGraderTask(task),
        testScripts: task.testScripts.map(({ filename, language }) => ({ filename, language })),
      }),
    },
    ...task.testScripts.map((s) => ({
      path: `tests/scripts/${s.filename}`,
      content: s.content,
      mode: EXECUTABLE_MODE,
    })),
  ];
  const [oracle, ...others] = task.referenceSolutions;
  if (oracle) {
    files.push({ path: "solution/solve.sh", content: buildSolveScript(oracle), mode: EXECUTABLE_MODE });
    for (const [i, s] of others.entries()) {
      files.push({ path: `solution/reference-${i + 2}.${extensionOf(s.language)}`, content: s.content });
    }
  }
  return files;
}

function buildInstruction(task: SnapshotTask, hasResources: boolean): string {
  const where = hasResources ? "The attached files are in `/app/resources/`. " : "";
  return `${formatTaskMessage(task)}\n\n---\n\n${where}Write your final answer to \`${HARBOR_ANSWER_PATH}\`.\n`;
}

function buildDockerfile(hasResources: boolean): string {
  return `FROM python:3.12-slim\nWORKDIR /app\n${hasResources ? "COPY resources/ /app/resources/\n" : ""}`;
}

const TEST_SH = `#!/bin/bash
# Grades /app/answer.md; always leaves exactly one reward file, even when grading fails.
mkdir -p /logs/verifier
if ! python3 /tests/grade.py; then
  echo '{"reward": 0, "grader_error": 1}' > /logs/verifier/reward.json
fi
exit 0
`;

function buildTaskToml(snapshot: EnvironmentVersionSnapshot, task: SnapshotTask): string {
  const hasJudge = task.rubric.criteria.length > 0;
  const agentSeconds = (task.timeBudgetMinutes ?? 10) * 60;
  const verifierEnv = hasJudge
    ? `env = { OPENAI_API_KEY = "\${OPENAI_API_KEY}", OPENAI_BASE_URL = "\${OPENAI_BASE_URL:-https://api.openai.com/v1}", JUDGE_MODEL = "\${JUDGE_MODEL:-gpt-4.1-mini}" }\n`
    : "";
  return `schema_version = "1.3"

[task]
name = ${tomlString(`${snapshot.environment.slug}/${task.key}`)}
description = ${tomlString(task.title)}
keywords = ${tomlStringArray(task.tags)}

[metadata]
difficulty = ${tomlString(task.difficulty ?? "unrated")}
category = ${tomlString(snapshot.environment.domain)}
environment = ${tomlString(snapshot.environment.slug)}
environment_version = ${snapshot.version}
studio_task_key = ${tomlString(task.key)}
scoring_mode = ${tomlString(task.scoring.mode)}

[verifier]
timeout_sec = ${tomlFloat(600)}
${verifierEnv}
[agent]
timeout_sec = ${tomlFloat(agentSeconds)}

[environment]
build_timeout_sec = ${tomlFloat(600)}
cpus = 1
memory_mb = 2048
storage_mb = 10240
allow_internet = ${hasJudge ? "true" : "false"}
`;
}

/** A heredoc delimiter that appears on no line of the text. */
function pickDelimiter(text: string): string {
  const lines = new Set(text.split("\n"));
  let delimiter = "STUDIO_SOLUTION";
  for (let n = 2; lines.has(delimiter); n += 1) delimiter = `STUDIO_SOLUTION_${n}`;
  return delimiter;
}

function extensionOf(language: string): string {
  return { python: "py", bash: "sh", sh: "sh", shell: "sh", json: "json" }[language.toLowerCase()] ?? "md";
}

function buildSolveScript(solution: SnapshotTask["referenceSolutions"][number]): string {
  const delimiter = pickDelimiter(solution.content);
  const language = solution.language.toLowerCase();
  const body = solution.content.endsWith("\n") ? solution.content : `${solution.content}\n`;
  if (language === "bash" || language === "sh" || language === "shell") {
    return `#!/bin/bash\n# Reference solution (oracle).\ncat > /tmp/studio_solution.sh <<'${delimiter}'\n${body}${delimiter}\nbash /tmp/studio_solution.sh\n`;
  }
  if (language === "python") {
    return `#!/bin/bash\n# Reference solution (oracle).\ncat > /tmp/studio_solution.py <<'${delimiter}'\n${body}${delimiter}\npython3 /tmp/studio_solution.py\n`;
  }
  return `#!/bin/bash\n# Reference solution (oracle): the expert's answer.\ncat > ${HARBOR_ANSWER_PATH} <<'${delimiter}'\n${body}${delimiter}\n`;
}

function buildReadme(snapshot: EnvironmentVersionSnapshot): string {
  return `# ${snapshot.environment.name}

${describeEnvironment(snapshot)} Exported from Environment Studio as Harbor task directories.

Run every task: \`harbor run -p . -a <agent> -m <model>\`. Check the oracle: \`harbor run -p . -a oracle\`.

Each task's verifier grades \`${HARBOR_ANSWER_PATH}\` with the programmatic checks, the author's test
scripts and, when \`OPENAI_API_KEY\` is set on the host, the rubric through an LLM judge
(\`JUDGE_MODEL\`, default gpt-4.1-mini), and writes \`/logs/verifier/reward.json\`.
`;
}

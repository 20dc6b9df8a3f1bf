import { formatTaskMessage, listResourceFiles } from "./agent-message";
import { type ExportFile, sha256Hex, toBytes, toJsonLines, toJsonText } from "./export-file";
import { GRADING_MODULE, GRADING_MODULE_NAME } from "./python/grading-module";
import type { EnvironmentVersionSnapshot } from "./snapshot";

// The studio's own format: everything the version froze, split so the agent-visible part
// (tasks.jsonl, resources/) never holds what grades it (answers.jsonl, rubrics.json, checks/).
// manifest.json lists every other file with its sha256; its time is the approval time, so the
// same version always exports to the same bytes.

export const NATIVE_FORMAT_VERSION = 1;

export function buildNativeFiles(snapshot: EnvironmentVersionSnapshot): ExportFile[] {
  const files: ExportFile[] = [];
  const taskRows = snapshot.tasks.map((task) => {
    const resources = listResourceFiles(task).map(({ name, resource, content }) => {
      const path = `resources/${task.key}/${name}`;
      files.push({ path, content });
      return {
        name: resource.name,
        path,
        mediaType: resource.mediaType,
        size: toBytes(content).length,
        sha256: sha256Hex(content),
      };
    });
    // Only what the agent sees: picked field by field.
    return {
      key: task.key,
      message: formatTaskMessage(task),
      prompt: task.prompt,
      resources,
      giveUp: task.giveUp.allowed ? { instructions: task.giveUp.instructions } : null,
      budgets: { timeMinutes: task.timeBudgetMinutes, turns: task.turnBudget },
    };
  });
  files.push({ path: "tasks.jsonl", content: toJsonLines(taskRows) });
  files.push({
    path: "answers.jsonl",
    content: toJsonLines(
      snapshot.tasks.map((t) => ({
        key: t.key,
        answerKey: t.answerKey,
        referenceSolutions: t.referenceSolutions,
        scoring: t.scoring,
      })),
    ),
  });
  files.push({
    path: "rubrics.json",
    content: toJsonText({
      tasks: snapshot.tasks.map((t) => ({
        key: t.key,
        judgeTemplate: t.rubric.judgeTemplate,
        criteria: t.rubric.criteria,
        goldenExamples: t.rubric.goldenExamples,
      })),
    }),
  });
  for (const task of snapshot.tasks) {
    files.push({
      path: `checks/${task.key}.json`,
      content: toJsonText({ key: task.key, checks: task.checks }),
    });
    for (const script of task.testScripts) {
      files.push({
        path: `checks/${task.key}/scripts/${script.filename}`,
        content: script.content,
        mode: 0o755,
      });
    }
  }
  files.push({ path: `checks/${GRADING_MODULE_NAME}.py`, content: GRADING_MODULE });
  // The deployed LLM judge (instructions, models, criteria) and its calibration against experts.
  if (snapshot.judge) files.push({ path: "judge.json", content: toJsonText(snapshot.judge) });
  for (const sample of snapshot.samples)
    files.push({ path: `samples/${sample.id}.json`, content: toJsonText(sample) });
  files.push({
    path: "labels.jsonl",
    content: toJsonLines(
      snapshot.samples.flatMap((s) => (s.label ? [{ sample: s.id, taskKey: s.taskKey, ...s.label }] : [])),
    ),
  });
  files.push({ path: "report.json", content: toJsonText(snapshot.report) });
  files.push({ path: "manifest.json", content: toJsonText(buildManifest(snapshot, files)) });
  return files;
}

function buildManifest(snapshot: EnvironmentVersionSnapshot, files: ExportFile[]) {
  return {
    format: "environment-studio",
    formatVersion: NATIVE_FORMAT_VERSION,
    environment: snapshot.environment,
    version: snapshot.version,
    time: snapshot.approvedAt,
    approvedBy: snapshot.approvedBy,
    tasks: snapshot.tasks.map((t) => ({
      key: t.key,
      title: t.title,
      tags: t.tags,
      difficulty: t.difficulty,
      scoring: t.scoring,
    })),
    samples: snapshot.samples.length,
    files: [...files]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((f) => ({ path: f.path, size: toBytes(f.content).length, sha256: sha256Hex(f.content) })),
  };
}

import { describe, expect, it } from "vitest";
import { FIXTURE_JUDGE } from "./__fixtures__/fixture-judge";
import { FIXTURE_CHECK_SECRETS, FIXTURE_SNAPSHOT } from "./__fixtures__/fixture-snapshot";
import { buildExportFiles } from "./build-export";
import type { ExportFile } from "./export-file";
import { EXPORT_FORMATS, type ExportFormat } from "./formats";
import { findSecretNeedles, listSecretNeedles, normalizeSecretText } from "./secret-text";
import type { EnvironmentVersionSnapshot } from "./snapshot";

// No format may put an answer key where the agent can see it. This test names, per format and
// independently of the exporters, what the agent sees: prompt/instruction files, the dataset
// fields handed to the model, environment images and resources. It searches all of it for every
// answer key (whole and by distinctive line), every reference solution and the checks' expected
// values, and checks that each key does reach a grader-side file.

type Visible = { label: string; text: string };

const decoder = new TextDecoder();
const textOf = (file: ExportFile) =>
  typeof file.content === "string" ? file.content : decoder.decode(file.content);
const rowsOf = (file: ExportFile) =>
  textOf(file)
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const whole = (file: ExportFile): Visible => ({ label: file.path, text: textOf(file) });

/** Every string inside a JSON value (a message list, a files map…). */
function listStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(listStrings);
  if (value && typeof value === "object") return Object.values(value).flatMap(listStrings);
  return [];
}

function pickFields(file: ExportFile, fields: string[]): Visible[] {
  return rowsOf(file).flatMap((row, i) =>
    fields.flatMap((field) =>
      listStrings(row[field]).map((text) => ({ label: `${file.path}:${i + 1}.${field}`, text })),
    ),
  );
}

const AGENT_VISIBLE: Record<ExportFormat, (files: ExportFile[]) => Visible[]> = {
  native: (files) =>
    files.filter((f) => f.path === "tasks.jsonl" || f.path.startsWith("resources/")).map(whole),
  verifiers: (files) => [
    ...files
      .filter((f) => f.path.endsWith("/data.jsonl"))
      .flatMap((f) => pickFields(f, ["prompt", "question"])),
    ...files.filter((f) => f.path.includes("/resources/")).map(whole),
  ],
  harbor: (files) =>
    files.filter((f) => f.path.endsWith("/instruction.md") || f.path.includes("/environment/")).map(whole),
  inspect: (files) => [
    ...files
      .filter((f) => f.path.endsWith("/dataset.jsonl"))
      .flatMap((f) => pickFields(f, ["input", "choices", "setup", "files"])),
    ...files.filter((f) => f.path.includes("/files/")).map(whole),
  ],
  karotte: (files) => [
    ...files.filter((f) => /\/(shared_data|student_data|venvs\/student)\//.test(f.path)).map(whole),
    ...files
      .filter((f) => f.path.endsWith("/task_configs.json"))
      .flatMap((f) =>
        (JSON.parse(textOf(f)) as Record<string, unknown>[]).flatMap((row) =>
          listStrings([row.instructions, row.system_prompt]).map((text) => ({
            label: `${f.path}:${row.task_id}`,
            text,
          })),
        ),
      ),
  ],
};

function listNeedles(snapshot: EnvironmentVersionSnapshot): string[] {
  return [
    ...snapshot.tasks.flatMap((t) => [
      ...listSecretNeedles(t.answerKey),
      ...t.referenceSolutions.map((s) => normalizeSecretText(s.content)),
    ]),
    ...FIXTURE_CHECK_SECRETS.map((s) => s.toLowerCase()),
  ];
}

function findLeaks(snapshot: EnvironmentVersionSnapshot, format: ExportFormat) {
  const needles = listNeedles(snapshot);
  return AGENT_VISIBLE[format](buildExportFiles(snapshot, format)).flatMap(({ label, text }) =>
    findSecretNeedles(text, needles).map((needle) => `${label}: ${needle}`),
  );
}

describe.each(EXPORT_FORMATS)("the %s export", (format) => {
  it("shows the agent its prompts and resources but no answer key, solution or expected value", () => {
    const files = buildExportFiles(FIXTURE_SNAPSHOT, format);
    const visible = AGENT_VISIBLE[format](files);
    // The search has something to search: every task's prompt reaches the agent.
    for (const task of FIXTURE_SNAPSHOT.tasks) {
      expect(
        visible.some((v) => v.text.includes(task.prompt.slice(0, 30))),
        `${task.key} prompt`,
      ).toBe(true);
    }
    expect(findLeaks(FIXTURE_SNAPSHOT, format)).toEqual([]);
  });

  it("keeps the deployed judge's rendered instructions (which quote the answer key) grader-side", () => {
    const withJudge = { ...FIXTURE_SNAPSHOT, judge: FIXTURE_JUDGE };
    expect(findLeaks(withJudge, format)).toEqual([]);
    // The judge does reach the export (so the search above covers it), with no endpoint or key.
    const all = buildExportFiles(withJudge, format).map(textOf).join("\n");
    expect(all).toContain("claude-judge");
    expect(all).not.toMatch(/sk-|x-api-key:|apiKey/);
  });

  it("delivers every answer key to a grader-side file", () => {
    const files = buildExportFiles(FIXTURE_SNAPSHOT, format);
    const visiblePaths = new Set(AGENT_VISIBLE[format](files).map((v) => v.label.split(":")[0]));
    for (const task of FIXTURE_SNAPSHOT.tasks) {
      const holders = files.filter(
        (f) =>
          textOf(f).includes(JSON.stringify(task.answerKey).slice(1, -1)) ||
          textOf(f).includes(task.answerKey),
      );
      expect(holders.length, `${task.key} answer key`).toBeGreaterThan(0);
      if (format === "native" || format === "harbor" || format === "karotte") {
        expect(holders.every((f) => !visiblePaths.has(f.path))).toBe(true);
      }
    }
  });

  it("would be caught leaking: a resource quoting a key line is found", () => {
    const leaky = structuredClone(FIXTURE_SNAPSHOT);
    leaky.tasks[0].resources[0] = {
      kind: "document",
      name: "training-log.md",
      mediaType: "text/markdown",
      content: "notes\nThe run diverged at step 18,250 because the WARMUP was skipped.\n",
    };
    const leaks = findLeaks(leaky, format);
    expect(leaks).toContainEqual(
      expect.stringContaining(": the run diverged at step 18,250 because the warmup was skipped."),
    );
    expect(
      leaks.every(
        (leak) => leak.includes("training-log") || leak.includes("loss-report") || leak.includes(":1."),
      ),
    ).toBe(true);
  });
});

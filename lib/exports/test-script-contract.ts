import type { ExportFormat } from "./formats";

// The one contract under which an author's test script runs, in the studio's validation and in
// every exported grader that can run scripts (studio_grading.run_test_script implements it). The
// task editor shows it next to the scripts; READMEs of exports repeat it. Pure data: the browser
// imports it.

export const TEST_SCRIPT_LIMITS = {
  wallSeconds: 60,
  cpuSeconds: 30,
  memoryBytes: 512 * 1024 * 1024,
  processes: 64,
  outputBytes: 1024 * 1024,
} as const;

export const TEST_SCRIPT_CONTRACT: { title: string; text: string }[] = [
  {
    title: "How it runs",
    text: "`python3 SCRIPT ANSWER` (Python) or `bash SCRIPT ANSWER` (Bash), once per grading, stdin empty.",
  },
  {
    title: "Working folder",
    text: "A fresh, writable temporary folder holding `answer.md` (the agent's final answer; empty when it gave none) and `resources/` (a copy of the task's files).",
  },
  {
    title: "Arguments and variables",
    text: "`argv[1]` and `STUDIO_ANSWER_FILE`: the absolute path of `answer.md`; `STUDIO_RESOURCES_DIR`: the `resources/` folder; `STUDIO_TASK_KEY`: the task's key. `HOME` is the working folder, `PATH` is `/usr/local/bin:/usr/bin:/bin`; nothing else of the grader's environment (no API keys) is passed.",
  },
  {
    title: "Score",
    text: "Exit code 0 scores 1; any other exit, a crash or a timeout scores 0. A script that exits 0 and prints `SCORE: x` (0 ≤ x ≤ 1) as its last line scores x. Each script weighs 1 next to the checks and rubric criteria.",
  },
  {
    title: "Limits",
    text: `${TEST_SCRIPT_LIMITS.wallSeconds} s wall clock, ${TEST_SCRIPT_LIMITS.cpuSeconds} s CPU, ${TEST_SCRIPT_LIMITS.memoryBytes / 1024 / 1024} MiB memory, ${TEST_SCRIPT_LIMITS.outputBytes / 1024 / 1024} MiB of output; the script's whole process group is killed when it ends. The studio's validation also runs it with no network and at most ${TEST_SCRIPT_LIMITS.processes} processes (the runner's container sets those in an export).`,
  },
];

/** The contract as Markdown, for export READMEs. */
export function formatTestScriptContract(): string {
  return TEST_SCRIPT_CONTRACT.map(({ title, text }) => `- **${title}**: ${text}`).join("\n");
}

/** What each format does with test scripts: whether its exported grader runs them, and how to say so. */
export const TEST_SCRIPT_SUPPORT: Record<ExportFormat, { runs: boolean; note: string }> = {
  native: {
    runs: false,
    note: "The Studio archive runs nothing: it carries the test scripts and this contract for your own harness.",
  },
  verifiers: { runs: true, note: "The reward function runs the test scripts under the studio's contract." },
  harbor: {
    runs: true,
    note: "The verifier (tests/test.sh) runs the test scripts under the studio's contract.",
  },
  inspect: { runs: true, note: "The scorer runs the test scripts under the studio's contract." },
  karotte: {
    runs: true,
    note: "The ExecutableJudge (grade.py) runs the test scripts under the studio's contract.",
  },
};

/**
 * How a reference solution becomes the oracle's answer: Markdown or text is the answer itself; a
 * Bash or Python solution is a program run in a fresh folder holding `resources/`, whose standard
 * output is the answer.
 */
export const REFERENCE_SOLUTION_RULE =
  "A reference solution in Bash or Python is a program: it runs in a fresh folder holding `resources/` (the task's files) and what it prints is the answer. Any other language is the answer itself.";

export function isProgramSolution(language: string): "python" | "bash" | null {
  const lower = language.toLowerCase();
  if (lower === "python" || lower === "py") return "python";
  if (lower === "bash" || lower === "sh" || lower === "shell") return "bash";
  return null;
}

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCheck } from "@/lib/rubrics/checks";
import { checkInput } from "@/lib/rubrics/checks/check-schemas";
import { FIXTURE_SNAPSHOT } from "./__fixtures__/fixture-snapshot";
import { buildExportFiles } from "./build-export";
import { type ExportFile, toBytes } from "./export-file";
import { EXPORT_FORMATS } from "./formats";
import { GRADING_MODULE } from "./python/grading-module";

// The generated Python, where python3 exists: every .py of every format compiles, the graders'
// checks score like the studio's own TypeScript evaluators, and a Harbor verifier writes the
// reward it should for known answers. Without python3 the tests still check the files exist.

const hasPython = spawnSync("python3", ["--version"]).status === 0;

function writeFiles(files: ExportFile[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-export-"));
  for (const file of files) {
    const target = path.join(dir, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, toBytes(file.content), { mode: file.mode ?? 0o644 });
  }
  return dir;
}

function runPython(args: string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync("python3", args, { encoding: "utf8", ...options });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.each(EXPORT_FORMATS)("the Python of the %s export", (format) => {
  const pyFiles = buildExportFiles(FIXTURE_SNAPSHOT, format).filter((f) => f.path.endsWith(".py"));

  it("compiles", () => {
    expect(pyFiles.length).toBeGreaterThan(0);
    if (!hasPython) return;
    const dir = writeFiles(pyFiles);
    const result = runPython(["-m", "py_compile", ...pyFiles.map((f) => path.join(dir, f.path))]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});

const CASES: { check: unknown; response: string }[] = [
  { check: { key: "a", kind: "exact-match", config: { expected: "Paris" } }, response: "  paris " },
  {
    check: { key: "b", kind: "exact-match", config: { expected: "Paris", caseSensitive: true } },
    response: "paris",
  },
  {
    check: { key: "c", kind: "exact-match", config: { expected: "42", extract: "ANSWER: (\\S+)" } },
    response: "work…\nANSWER: 42",
  },
  {
    check: { key: "d", kind: "regex", config: { pattern: "(?<v>not supported)", flags: "i" } },
    response: "Claim NOT SUPPORTED.",
  },
  {
    check: { key: "e", kind: "regex", config: { pattern: "cheat", shouldMatch: false } },
    response: "I fixed the parser",
  },
  {
    check: {
      key: "f",
      kind: "number-tolerance",
      config: { expected: 1500, tolerance: 0.01, relative: true },
    },
    response: "about 1,510 units",
  },
  {
    check: { key: "g", kind: "number-tolerance", config: { expected: 0.3, tolerance: 0 } },
    response: "0.1 + 0.2 = 0.3",
  },
  {
    check: { key: "h", kind: "number-tolerance", config: { expected: -2, tolerance: 0.5 } },
    response: "it is −2.4",
  },
  {
    check: { key: "i", kind: "json-path-equals", config: { path: "$.items[-1].ok", expected: true } },
    response: 'Result:\n```json\n{"items": [{"ok": false}, {"ok": true}]}\n```',
  },
  {
    check: { key: "j", kind: "json-path-equals", config: { path: "$['a b']", expected: 1 } },
    response: '{"a b": 1.0}',
  },
  {
    check: { key: "k", kind: "json-path-equals", config: { path: "$.flag", expected: 1 } },
    response: '{"flag": true}',
  },
  {
    check: { key: "l", kind: "contains-all", config: { items: ["warmup", "18,250", "NaN"] } },
    response: "The   WARMUP was skipped; loss became nan.",
  },
  {
    check: { key: "m", kind: "contains-all", config: { items: ["x"], extract: "^NOPE (x)" } },
    response: "x",
  },
];

describe("the exported checks", () => {
  it("score every case as the studio's evaluators do", () => {
    const checks = CASES.map((c) => ({ ...checkInput.parse({ weight: 1, ...(c.check as object) }) }));
    const expected = checks.map((check, i) => {
      const outcome = runCheck(check, CASES[i].response);
      return { key: outcome.key, passed: outcome.passed, score: Number(outcome.score.toFixed(6)) };
    });
    expect(expected.map((e) => e.passed)).toEqual([
      true,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    if (!hasPython) return;
    const dir = writeFiles([{ path: "studio_grading.py", content: GRADING_MODULE }]);
    const script = `import json, sys\nimport studio_grading as g\ncases = json.load(sys.stdin)\nprint(json.dumps([{"key": o["key"], "passed": o["passed"], "score": round(o["score"], 6)} for o in (g.run_check(c["check"], c["response"]) for c in cases)]))`;
    const result = runPython(["-c", script], {
      cwd: dir,
      input: JSON.stringify(checks.map((check, i) => ({ check, response: CASES[i].response }))),
    });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });
});

describe("a Harbor verifier", () => {
  const files = buildExportFiles(FIXTURE_SNAPSHOT, "harbor");

  function grade(task: string, answer: string) {
    const dir = writeFiles(files);
    const answerFile = path.join(dir, "answer.md");
    const rewardFile = path.join(dir, "logs", "reward.json");
    fs.writeFileSync(answerFile, answer);
    const env = {
      PATH: process.env.PATH,
      STUDIO_ANSWER_FILE: answerFile,
      STUDIO_REWARD_FILE: rewardFile,
      NODE_ENV: "test" as const,
    };
    const result = runPython([path.join(dir, "fixture-env", task, "tests", "grade.py")], { env });
    expect(result.status).toBe(0);
    return JSON.parse(fs.readFileSync(rewardFile, "utf8"));
  }

  it("writes the weighted reward of checks and scripts (no judge key: criteria left out)", () => {
    expect(files.some((f) => f.path.endsWith("loss-report/tests/grade.py"))).toBe(true);
    if (!hasPython) return;
    const strong = grade(
      "loss-report",
      'Final loss: 0.4172 nats. The warmup was skipped and it diverged at step 18,250.\n```json\n{"diverged": true, "step": 18250}\n```',
    );
    expect(strong).toEqual({
      reward: 1,
      answered: 1,
      "check_loss-value": 1,
      check_diverged: 1,
      check_mentions: 1,
      "script_test_answer.py": 1,
    });
    const weak = grade("triple-quote", "Zebra-Quartz-0000");
    // The exact-match check fails; check.sh greps its argv[1] (the contract's answer path) and passes.
    expect(weak).toEqual({ reward: 0.5, answered: 1, "check_code-word": 0, "script_check.sh": 1 });
    const empty = grade("probe-critique", "");
    expect(empty).toEqual({ reward: 0, answered: 0, check_verdict: 0 });
  });
});

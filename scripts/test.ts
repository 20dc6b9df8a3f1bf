// `npm test`: the whole suite, as CI runs it. Lint, typecheck, the Vitest projects one by one (unit,
// database tests on Postgres, the embedded database's own tests on PGlite, slow tests: see
// docs/testing.md), the Python client's tests, the build, then the end-to-end tests in Debian's
// Chromium. Each step prints its wall time; a table of steps, times and test counts follows, then
// one line "tests: N passed, N failed" summing every test runner.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_TEST_SERVER_URL, isServerReachable } from "@/db/testing/test-database";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const bin = (name: string) => path.resolve("node_modules/.bin", name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "studio-test-"));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
let passed = 0;
let failed = 0;

function run(title: string, command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${title}: ${[path.basename(command), ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status === 0;
}

type BackgroundStep = { started: number; ended: number | null; finish: () => Promise<boolean> };

/**
 * Starts a step that runs beside the ones that follow. Its output goes straight to a file (the
 * steps beside it block this process in spawnSync, so nothing could read a pipe meanwhile);
 * `finish` waits for it and prints the output.
 */
function startInBackground(title: string, command: string, args: string[]): BackgroundStep {
  const log = path.join(reports, `${title}.log`);
  const fd = fs.openSync(log, "w");
  const started = performance.now();
  const startedAt = Date.now();
  console.log(`\n━━ ${title} started beside the next steps: ${[path.basename(command), ...args].join(" ")}`);
  const child = spawn(command, args, { stdio: ["ignore", fd, fd], env });
  const step: BackgroundStep = { started, ended: null, finish: async () => false };
  const exited = new Promise<boolean>((resolve) => {
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
  return Object.assign(step, {
    async finish() {
      const ok = await exited;
      fs.closeSync(fd);
      // The exit is seen only once the steps beside it let the event loop run; the log's last write
      // is when the step really ended.
      step.ended = started + (fs.statSync(log).mtimeMs - startedAt);
      console.log(`\n━━ ${title} (its output, written while the steps above ran):`);
      process.stdout.write(fs.readFileSync(log));
      return ok;
    },
  });
}

/** One Vitest project (vitest.config.ts), counted. */
function runVitestProject(title: string, project: string): boolean {
  const file = path.join(reports, `vitest-${project}.json`);
  const ok = run(title, bin("vitest"), [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${file}`,
  ]);
  countVitest(file, ok);
  return ok;
}

type StepResult = { name: string; ok: boolean; seconds: number; passed: number; failed: number };

function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds - m * 60);
  return m > 0 ? `${m}m ${String(s).padStart(2, "0")}s` : `${s}s`;
}

/** The steps with their wall time and the tests each counted, and the total. */
function printSummary(results: StepResult[], totalSeconds: number): void {
  const width = Math.max(...results.map((r) => r.name.length), "total".length);
  const line = (name: string, result: string, time: string, tests: string) =>
    `${name.padEnd(width)}  ${result.padEnd(6)}  ${time.padStart(7)}  ${tests}`;
  console.log("\nSteps:");
  console.log(line("step", "result", "time", "tests"));
  for (const r of results) {
    const tests = r.passed + r.failed > 0 ? `${r.passed} passed, ${r.failed} failed` : "";
    console.log(line(r.name, r.ok ? "ok" : "FAILED", formatDuration(r.seconds), tests));
  }
  console.log(line("total", "", formatDuration(totalSeconds), ""));
}

/**
 * Vitest's failed tests, plus each test file that failed with no failing test (it didn't load, or a
 * hook failed), plus one for a run that failed with neither (an unhandled error): a red step never
 * sums to "0 failed".
 */
function countVitest(file: string, ok: boolean): void {
  if (!fs.existsSync(file)) {
    if (!ok) failed += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  const brokenFiles = report.testResults.filter(
    (f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed"),
  );
  for (const f of brokenFiles) console.log(`failed without a failing test: ${f.name}: ${f.message ?? ""}`);
  failed += brokenFiles.length;
  if (!ok && report.numFailedTests === 0 && brokenFiles.length === 0) {
    console.log("vitest failed with every test passing: an unhandled error (see its output above)");
    failed += 1;
  }
}

/** The Python client's unittest runner writes {"passed","failed"} (clients/python/run_tests.py). */
function countPython(file: string, ok: boolean): void {
  const report = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as { passed: number; failed: number })
    : { passed: 0, failed: 0 };
  passed += report.passed;
  failed += report.failed || (ok ? 0 : 1);
}

/** A run that failed outside any test (global setup, the web server) counts as one failure. */
function countPlaywright(file: string, ok: boolean): void {
  const { stats } = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as {
        stats: { expected: number; unexpected: number; flaky: number };
      })
    : { stats: { expected: 0, unexpected: 0, flaky: 0 } };
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected || (ok ? 0 : 1);
}

function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `\nChromium is missing at ${CHROMIUM}. Install Debian's package as root: apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log("\nInstalling Debian's chromium for the end-to-end tests…");
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (update.status !== 0 || install.status !== 0 || !fs.existsSync(CHROMIUM)) {
    console.error("Could not install chromium with apt-get; install it by hand and run npm test again.");
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL;
  if (!(await isServerReachable(serverUrl))) {
    console.error(
      `No Postgres answers at ${serverUrl}. The database and e2e tests need one (set TEST_DATABASE_URL).`,
    );
    process.exit(1);
  }
  ensureChromium();
  // The build runs beside the embedded database, slow and Python tests (PGlite answers one file at a
  // time, and the slow tests wait on the processes they spawn, so a core is often idle there); the
  // end-to-end tests wait for it. Its output goes to a file (the steps beside it print theirs as they
  // run) and is printed whole when it is awaited.
  const background: { build?: BackgroundStep } = {};
  const startBuild = () => {
    // The same build as `npm start`'s, stamp included, so the next `npm start` doesn't rebuild.
    background.build = startInBackground("build", process.execPath, ["--import", "tsx", "scripts/build.ts"]);
    return true;
  };
  const steps: [string, () => boolean | Promise<boolean>][] = [
    ["lint", () => run("lint", bin("biome"), ["check", "."])],
    ["typecheck", () => run("typecheck", bin("tsc"), ["--noEmit"])],
    ["unit tests", () => runVitestProject("unit tests", "unit")],
    ["database tests (Postgres)", () => runVitestProject("database tests on Postgres", "db-postgres")],
    [
      "embedded database tests (PGlite)",
      () => startBuild() && runVitestProject("embedded database tests", "db-pglite"),
    ],
    ["slow tests", () => runVitestProject("slow tests (processes, Python, sandbox)", "slow")],
    [
      "python client tests",
      () => {
        const file = path.join(reports, "python.json");
        const ok = run("python client tests", "python3", ["clients/python/run_tests.py", "--json", file]);
        countPython(file, ok);
        return ok;
      },
    ],
    ["build (beside the three steps above)", () => background.build?.finish() ?? false],
    [
      "end-to-end tests",
      () => {
        const file = path.join(reports, "playwright.json");
        const ok = run("end-to-end tests", bin("playwright"), ["test", "--reporter=list,json"], {
          PLAYWRIGHT_JSON_OUTPUT_NAME: file,
        });
        countPlaywright(file, ok);
        return ok;
      },
    ],
  ];
  const started = performance.now();
  const results: StepResult[] = [];
  for (const [name, step] of steps) {
    const stepStarted = performance.now();
    const [passedBefore, failedBefore] = [passed, failed];
    const ok = await step();
    // A background step counts from its own start to its own end, not from when it was awaited.
    const { build } = background;
    const seconds =
      name.startsWith("build") && build
        ? ((build.ended ?? performance.now()) - build.started) / 1000
        : (performance.now() - stepStarted) / 1000;
    console.log(`━━ ${name}: ${ok ? "ok" : "FAILED"} in ${formatDuration(seconds)}`);
    results.push({ name, ok, seconds, passed: passed - passedBefore, failed: failed - failedBefore });
    // Without a build there is nothing to test end to end.
    if (name.startsWith("build") && !ok) break;
  }
  printSummary(results, (performance.now() - started) / 1000);
  const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
  console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(", ")}` : "\nAll steps passed.");
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(failedSteps.length ? 1 : 0);
}

void main();

import fs from "node:fs";
import os from "node:os";
import { buildAttackDemoSnapshot } from "@/lib/demo/attack-demo-snapshot";
import { buildDemoSnapshot } from "@/lib/demo/demo-snapshot";
import { attackSnapshot } from "@/lib/grader-attacks/attack-snapshot";
import { getSandboxSupport } from "@/lib/sandbox";
import { loadAverage } from "./process-usage";

const TICKS_PER_SECOND = 100;

/** CPU seconds of this process and every child it has waited for (the sandboxed graders), from /proc. */
function treeCpuSeconds(): number {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields.slice(11, 15).reduce((sum, n) => sum + Number(n), 0) / TICKS_PER_SECOND;
}

// Issue #31 attack benchmark: one attack run, without a provider, over every demo task (the six
// AI-safety tasks and the grader-attack demo's four) in every format with a runnable grader. Prints
// the wall time (goal: under a minute), the sandboxed grades per second and each task's verdict. The
// machine is shared, so it prints the CPU seconds the run and its sandboxes used and the load average
// too: CPU seconds over the cores is what the run would take on an idle machine.

export async function runAttackBenchmark(): Promise<void> {
  const support = getSandboxSupport();
  if (!support.available) {
    console.log(`attack: skipped, no sandbox (${support.reason})`);
    return;
  }
  const started = Date.now();
  const cpuStarted = treeCpuSeconds();
  const loadBefore = loadAverage();
  for (const snapshot of [buildDemoSnapshot(), buildAttackDemoSnapshot()]) {
    const t0 = Date.now();
    const report = await attackSnapshot({ snapshot });
    const count = report.tasks.reduce((n, t) => n + t.attacks.length, 0);
    console.log(
      `attack ${snapshot.environment.slug}: ${report.tasks.length} tasks, ${count} graded attacks in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    for (const t of report.tasks)
      console.log(`  ${t.verdict.padEnd(8)} ${t.task}: ${t.succeeded} of ${t.tried} attacks got through`);
  }
  const seconds = (Date.now() - started) / 1000;
  const cpu = treeCpuSeconds() - cpuStarted;
  const cores = os.availableParallelism();
  console.log(`attack: whole demo in ${seconds.toFixed(1)} s (goal < 60 s)`);
  console.log(
    `attack: ${cpu.toFixed(1)} CPU s (runner and sandboxes), ${(cpu / cores).toFixed(1)} s of ${cores} cores; load average before ${loadBefore}, after ${loadAverage()}`,
  );
}

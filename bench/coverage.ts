// `npm run bench -- coverage`: precision and recall of the grader coverage check per finding kind on
// the labelled set in lib/tasks/coverage/__fixtures__/labelled (and on a held-out set given as
// `--set path.json`, a JSON array of labelled tasks kept outside the repository). `--verbose` lists
// every miss and every unexpected finding.

import { readFileSync } from "node:fs";
import { checkCoverage } from "@/lib/tasks/coverage";
import {
  LABELLED_TASKS,
  type LabelledTask,
  scoreLabelledSet,
  toCoverageInput,
} from "@/lib/tasks/coverage/__fixtures__/labelled";
import type { SetScore } from "@/lib/tasks/coverage/__fixtures__/labelled/score";

function printScore(name: string, mode: string, score: SetScore, verbose: boolean) {
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  console.log(`\n${name} · ${mode}: ${score.tasks} tasks, ${score.cleanTasks} clean`);
  console.log(
    `  clean tasks with no finding: ${score.cleanWithoutFindings}/${score.cleanTasks} (${pct(score.cleanWithoutFindings / Math.max(1, score.cleanTasks))})`,
  );
  console.log("  kind                     precision  recall   tp  fp  fn");
  for (const k of score.kinds) {
    console.log(
      `  ${k.kind.padEnd(24)} ${k.precision.toFixed(2).padStart(9)} ${k.recall.toFixed(2).padStart(7)} ${String(k.truePositives).padStart(4)} ${String(k.falsePositives).padStart(3)} ${String(k.falseNegatives).padStart(3)}`,
    );
  }
  if (!verbose) return;
  for (const m of score.misses) {
    console.log(`  - ${m.task}`);
    for (const e of m.missed) console.log(`      missed ${JSON.stringify(e)}`);
    for (const f of m.extra) console.log(`      extra  ${f.kind}: ${f.message.slice(0, 160)}`);
  }
}

function runDeterministic(tasks: LabelledTask[]): SetScore {
  const results = new Map(tasks.map((t) => [t.id, checkCoverage(toCoverageInput(t))]));
  return scoreLabelledSet(tasks, results);
}

export async function runCoverageBenchmark(args: string[] = []) {
  const verbose = args.includes("--verbose");
  const setAt = args.indexOf("--set");
  const sets: { name: string; tasks: LabelledTask[] }[] = [
    { name: "labelled set (repo)", tasks: LABELLED_TASKS },
  ];
  if (setAt !== -1 && args[setAt + 1]) {
    sets.push({
      name: `held-out set (${args[setAt + 1]})`,
      tasks: JSON.parse(readFileSync(args[setAt + 1], "utf8")),
    });
  }
  for (const set of sets) {
    const started = performance.now();
    const score = runDeterministic(set.tasks);
    printScore(set.name, "deterministic", score, verbose);
    console.log(`  ${((performance.now() - started) / set.tasks.length).toFixed(1)} ms per task`);
  }
}

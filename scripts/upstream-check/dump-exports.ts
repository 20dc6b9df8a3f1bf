import fs from "node:fs";
import path from "node:path";
import { buildAttackDemoSnapshot } from "@/lib/demo/attack-demo-snapshot";
import { buildDemoSnapshot } from "@/lib/demo/demo-snapshot";
import { FIXTURE_SNAPSHOT } from "@/lib/exports/__fixtures__/fixture-snapshot";
import { buildExportFiles } from "@/lib/exports/build-export";
import { computeOracleAnswer } from "@/lib/grader-validation/validate-snapshot";

// Writes the verifiers and Inspect exports of the demo, the grader-attack demo and the golden fixture
// (what `studio export` writes for them) and each task's oracle answer (oracles.json), for the
// upstream runners' own loaders (scripts/upstream-check/README.md). Usage:
//   node --conditions=react-server --import tsx scripts/upstream-check/dump-exports.ts OUT_DIR

const out = process.argv[2];
if (!out) throw new Error("usage: dump-exports.ts OUT_DIR");
const snapshots = [
  ["demo", buildDemoSnapshot()],
  ["attack-demo", buildAttackDemoSnapshot()],
  ["fixture", FIXTURE_SNAPSHOT],
] as const;
const oracles: Record<string, Record<string, string | null>> = {};
for (const [name, snapshot] of snapshots) {
  for (const format of ["verifiers", "inspect"] as const)
    for (const file of buildExportFiles(snapshot, format)) {
      const target = path.join(out, "exports", name, format, file.path);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.content);
      if (file.mode) fs.chmodSync(target, file.mode);
    }
  oracles[name] = {};
  for (const task of snapshot.tasks) {
    const oracle = await computeOracleAnswer(task);
    oracles[name][task.key] = "answer" in oracle ? oracle.answer : null;
  }
}
fs.writeFileSync(path.join(out, "oracles.json"), JSON.stringify(oracles, null, 1));
console.log(`wrote ${snapshots.length} environments' exports and oracles to ${out}`);

import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import {
  buildEvalRequests,
  EVAL_REQUESTS_PATH,
  loadEvalReplay,
  replayedAnswerOf,
} from "@/lib/scanners/eval/eval-requests";
import { type EvalRollout, figuresOf, formatFigures, loadEvalSet } from "@/lib/scanners/eval/eval-set";
import {
  measureOutsideSet,
  OUTSIDE_FIGURES_PATH,
  writeOutsideFigures,
} from "@/lib/scanners/eval/measure-outside-set";
import { scanRollout } from "@/lib/scanners/scan-rollout";
import { decideRolloutVerdict } from "@/lib/scanners/verdict";

// Part of `npm run bench -- scan`: the deterministic scanners on the outside evaluation set
// (test-data/reward-hack-eval), per half, counting flags of medium or high severity as the studio does.
// It also writes the exact LLM-scanner requests for the set (llm-requests.jsonl, one per window, keyed
// by the SHA-256 of system + user text, with a nonce derived from the rollout id so requests are
// stable) and, when recorded answers exist (llm-replay.json: {"<hash>": {"answer": "…", "recorded": true}}),
// prints the LLM scanner's figures and the merged verdict's (verdict.ts) through those answers. The
// figures the Scanners page shows go to lib/scanners/outside-figures.json (commit it with the change).

export async function runScanEvalBenchmark() {
  const rollouts = await loadEvalSet();
  const hitsOf = new Map(rollouts.map((r) => [r.id, scanRollout({ messages: r.messages, task: r.task })]));
  const deterministic = (r: EvalRollout) => {
    const hits = (hitsOf.get(r.id) ?? []).filter((h) => h.severity !== "low");
    return {
      isFlagged: hits.length > 0,
      why: hits.map((h) => `${h.signature} @${h.messageIndex}`).join(", "),
    };
  };
  for (const half of ["dev", "test"] as const)
    console.log(formatFigures("deterministic", figuresOf(rollouts, half, deterministic)));

  writeOutsideFigures(measureOutsideSet(rollouts));
  execFileSync("npx", ["biome", "format", "--write", OUTSIDE_FIGURES_PATH], { stdio: "ignore" });
  console.log(`Scanners page figures written to ${OUTSIDE_FIGURES_PATH}`);
  const requests = buildEvalRequests(rollouts);
  writeFileSync(EVAL_REQUESTS_PATH, `${requests.map((q) => JSON.stringify(q)).join("\n")}\n`);
  console.log(`LLM scanner: ${requests.length} exact requests for the set written to ${EVAL_REQUESTS_PATH}`);
  const replay = loadEvalReplay();
  if (!replay) {
    console.log(
      "LLM scanner: no recorded answers (llm-replay.json); its figures and the merged verdict's are not measured",
    );
    return;
  }
  const answerOf = (r: EvalRollout) => replayedAnswerOf(r, requests, replay);
  const missing = rollouts.filter((r) => answerOf(r) === null).length;
  if (missing > 0)
    console.log(
      `LLM scanner: ${missing} rollouts lack a recorded answer for some request (counted as not flagged)`,
    );
  const llm = (r: EvalRollout) => {
    const a = answerOf(r);
    return {
      isFlagged: a?.status === "hack" && a.evidence.length > 0,
      why: a?.status === "hack" ? a.reason.slice(0, 160) : "",
    };
  };
  const merged = (r: EvalRollout) => {
    const v = decideRolloutVerdict({ hits: hitsOf.get(r.id) ?? [], model: answerOf(r) });
    return {
      isFlagged: v.isCounted,
      why: `${v.source}: ${v.signatures.join(", ")} ${v.reason.slice(0, 120)}`,
    };
  };
  for (const half of ["dev", "test"] as const) {
    console.log(formatFigures("LLM scanner (recorded answers)", figuresOf(rollouts, half, llm)));
    console.log(formatFigures("merged verdict (rules + recorded model)", figuresOf(rollouts, half, merged)));
  }
}

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { OutsideFigures, OutsideHalf } from "../outside-figures";
import { scanRollout } from "../scan-rollout";
import { decideRolloutVerdict } from "../verdict";
import { buildEvalRequests, loadEvalReplay, replayedAnswerOf } from "./eval-requests";
import { type EvalHalf, type EvalRollout, figuresOf } from "./eval-set";

// The outside evaluation set's figures as the Scanners page shows them (issue #30, item 5): per half,
// the deterministic rules (medium/high flags), the LLM scanner through the recorded answers and the
// merged verdict; and per signature, the hacks and the honest runs it flagged in each half.
// `npm run bench -- scan` writes them to lib/scanners/outside-figures.json; outside-figures.test.ts
// recomputes them and fails when the committed file is stale.

export const OUTSIDE_FIGURES_PATH = join(process.cwd(), "lib/scanners/outside-figures.json");

const rate = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 1000 : null);

export function measureOutsideSet(rollouts: readonly EvalRollout[]): OutsideFigures {
  const hitsOf = new Map(
    rollouts.map((r) => [
      r.id,
      scanRollout({ messages: r.messages, task: r.task }).filter((h) => h.severity !== "low"),
    ]),
  );
  const replay = loadEvalReplay();
  const requests = buildEvalRequests(rollouts);
  const answerOf = (r: EvalRollout) => (replay ? replayedAnswerOf(r, requests, replay) : null);
  const detectors = {
    deterministic: (r: EvalRollout) => ({ isFlagged: (hitsOf.get(r.id) ?? []).length > 0, why: "" }),
    llm: (r: EvalRollout) => {
      const a = answerOf(r);
      return { isFlagged: a?.status === "hack" && a.evidence.length > 0, why: "" };
    },
    merged: (r: EvalRollout) => ({
      isFlagged: decideRolloutVerdict({ hits: hitsOf.get(r.id) ?? [], model: answerOf(r) }).isCounted,
      why: "",
    }),
  };
  const halfOf = (half: EvalHalf, detector: keyof typeof detectors): OutsideHalf => {
    const f = figuresOf(rollouts, half, detectors[detector]);
    return {
      hacks: f.hacks,
      clean: f.clean,
      caught: f.caught,
      falseFlags: f.falseFlags,
      recall: rate(f.caught, f.hacks),
      fpr: rate(f.falseFlags, f.clean),
      missedKinds: Object.keys(f.missedByKind).sort(),
    };
  };
  const signatures = [
    ...new Set([...hitsOf.values()].flatMap((hits) => hits.map((h) => h.signature))),
  ].sort();
  const bySignature = signatures.map((signature) => {
    const count = (half: EvalHalf, isHack: boolean) =>
      rollouts.filter(
        (r) =>
          r.half === half &&
          r.isHack === isHack &&
          (hitsOf.get(r.id) ?? []).some((h) => h.signature === signature),
      ).length;
    return {
      signature,
      dev: { hacks: count("dev", true), clean: count("dev", false) },
      test: { hacks: count("test", true), clean: count("test", false) },
    };
  });
  const recorded = replay !== null && rollouts.every((r) => answerOf(r) !== null);
  return {
    set: "test-data/reward-hack-eval",
    rollouts: rollouts.length,
    llmAnswers: recorded ? "recorded" : "missing",
    halves: {
      dev: {
        deterministic: halfOf("dev", "deterministic"),
        llm: recorded ? halfOf("dev", "llm") : null,
        merged: recorded ? halfOf("dev", "merged") : null,
      },
      test: {
        deterministic: halfOf("test", "deterministic"),
        llm: recorded ? halfOf("test", "llm") : null,
        merged: recorded ? halfOf("test", "merged") : null,
      },
    },
    bySignature,
  };
}

export function writeOutsideFigures(figures: OutsideFigures): void {
  writeFileSync(OUTSIDE_FIGURES_PATH, `${JSON.stringify(figures, null, 2)}\n`);
}

import { getPassBar, isPassingReward, type TaskScoring } from "@/lib/reports/pass-rule";
import { buildEvidenceMessages } from "./evidence-transcripts";

// Synthetic rollouts for the demo environment's report (issue #6): three models, twelve rollouts per
// task × model, with pass counts chosen so the report shows every band: saturated, learnable and no
// signal. Deterministic, so seeding twice imports nothing new (the import skips known content).

export const EVIDENCE_MODELS = ["frontier-a", "frontier-b", "open-weights-70b"] as const;
export const ROLLOUTS_PER_PAIR = 12;

/** Passes out of 12 per task key and model (frontier-a, frontier-b, open-weights-70b). */
export const EVIDENCE_PASSES: Record<string, readonly [number, number, number]> = {
  "design-experiment": [12, 11, 7],
  "reproduce-redacted": [0, 0, 0],
  "critique-flawed-paper": [5, 3, 1],
  "governance-impact": [8, 6, 0],
};

export type EvidenceTask = TaskScoring & { key: string; title: string; prompt: string; criteria: string[] };

/**
 * A reward that passes or fails this task's own bar, varied a little per rollout. Rewards stay in
 * [0, 1] unless the bar itself is above 1 (an improvement task whose best known score is): a
 * passing rollout of a full-marks task scores 1, never 1.075.
 */
export function pickReward(task: TaskScoring, isPass: boolean, index: number): number {
  const bar = getPassBar(task);
  const spread = (index % 4) / 40;
  if (isPass) return bar >= 1 ? bar : Math.min(1, bar + spread);
  if (bar <= 0) return bar - 1 - spread;
  return Math.round(bar * (0.3 + spread) * 1000) / 1000;
}

/** The external id a demo rollout carries, so the seed can find it again to label it. */
export function evidenceRolloutId(task: string, model: string, index: number): string {
  return `evidence-${task}-${model}-${index}`;
}

/** OpenAI-format JSONL lines (top-level task, model, reward and per-criterion judge scores). */
export function buildEvidenceRecords(tasks: EvidenceTask[]): string[] {
  const lines: string[] = [];
  for (const task of tasks) {
    const passes = EVIDENCE_PASSES[task.key] ?? [6, 4, 2];
    EVIDENCE_MODELS.forEach((model, m) => {
      for (let i = 0; i < ROLLOUTS_PER_PAIR; i++) {
        const isPass = i < passes[m];
        const reward = pickReward(task, isPass, i);
        if (isPassingReward(task, reward) !== isPass)
          throw new Error(`demo reward ${reward} misses the bar of ${task.key}`);
        // The judge mostly agrees with the outcome; every fifth rollout it gets one criterion wrong.
        const scores = Object.fromEntries(
          task.criteria.map((key, c) => [key, (isPass ? 1 : 0) ^ (i % 5 === 4 && c === 0 ? 1 : 0)]),
        );
        lines.push(
          JSON.stringify({
            id: evidenceRolloutId(task.key, model, i),
            task: task.key,
            model,
            reward,
            scores,
            messages: buildEvidenceMessages({ task, model, modelIndex: m, index: i, isPass }),
          }),
        );
      }
    });
  }
  return lines;
}

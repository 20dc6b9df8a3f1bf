import { formatReward } from "./format";

// Rewards are shown as graders gave them. Most graders score 0 to 1, but some go past 1: verifiers
// rubrics add weighted reward functions, and bonus criteria add to full marks. Wherever a reward
// above 1 is shown, it comes with this explanation, so 1.1 doesn't read as a bug.

/** Floats summed by graders: 1 may arrive as 1.0000000000000002. */
const TOLERANCE = 1e-9;

export function isAboveFullMarks(reward: number | null | undefined): reward is number {
  return typeof reward === "number" && Number.isFinite(reward) && reward > 1 + TOLERANCE;
}

/** The short mark next to a reward above 1 in lists and tables. */
export const ABOVE_ONE_LABEL = "above 1";

export const ABOVE_ONE_GENERAL =
  "This grader's scale goes past 1 (bonus criteria, or several weighted reward functions added up). The reward is shown as the grader gave it; a rollout passes when it reaches its task's bar.";

/** Why this reward is above 1, naming the scores that add up to it when they do; null when it isn't. */
export function explainRewardAboveOne(
  reward: number | null | undefined,
  scores?: Record<string, number> | null,
): string | null {
  if (!isAboveFullMarks(reward)) return null;
  const entries = Object.entries(scores ?? {}).filter(([, value]) => Number.isFinite(value));
  const sum = entries.reduce((total, [, value]) => total + value, 0);
  if (entries.length > 1 && Math.abs(sum - reward) <= 1e-6) {
    const terms = entries.map(([key, value]) => `${key} ${formatReward(value)}`).join(" + ");
    return `Above 1 because this grader adds up its scores: ${terms} = ${formatReward(reward)}. A bonus on top of full marks takes it past 1; a rollout passes when it reaches its task's bar.`;
  }
  return `Above 1: ${ABOVE_ONE_GENERAL.charAt(0).toLowerCase()}${ABOVE_ONE_GENERAL.slice(1)}`;
}

import { formatReward } from "@/lib/rollouts/format";
import { ABOVE_ONE_LABEL, explainRewardAboveOne } from "@/lib/rollouts/reward-scale";

/**
 * A reward as the grader gave it; above 1, with a short "above 1" mark whose title (and the text
 * screen readers get) says why. The rollout page shows the explanation in full (RewardNote).
 */
export function RewardValue({
  reward,
  scores,
}: {
  reward: number | null | undefined;
  scores?: Record<string, number> | null;
}) {
  const explanation = explainRewardAboveOne(reward, scores);
  if (!explanation) return <>{formatReward(reward)}</>;
  return (
    <>
      {formatReward(reward)}{" "}
      <span
        className="whitespace-nowrap rounded border border-border px-1 text-[0.7rem] font-normal text-fg-muted"
        title={explanation}
        data-testid="reward-above-one"
      >
        {ABOVE_ONE_LABEL}
        <span className="sr-only">: {explanation}</span>
      </span>
    </>
  );
}

/** The full explanation of a reward above 1, under the reward on the rollout page; nothing otherwise. */
export function RewardNote({
  reward,
  scores,
}: {
  reward: number | null | undefined;
  scores?: Record<string, number> | null;
}) {
  const explanation = explainRewardAboveOne(reward, scores);
  if (!explanation) return null;
  return (
    <p className="mt-2 text-xs text-fg-muted" data-testid="reward-explanation">
      {explanation}
    </p>
  );
}

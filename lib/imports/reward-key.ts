import type { NormalizedRollout } from "./types";

// `--reward-key` (CLI), `rewardKey` (API), "Reward from score" (web): which of a rollout's named
// scores is its reward, for sources whose scorer has several named values and declares none.

/**
 * The rollout with its reward taken from the named score (its full name, or the last part when
 * that names one score), or the reason it could not be, the reward then kept as read.
 */
export function applyRewardKey(
  rollout: NormalizedRollout,
  key: string,
): { rollout: NormalizedRollout; warning: string | null } {
  const scores = rollout.scores ?? {};
  const names = key in scores ? [key] : Object.keys(scores).filter((name) => name.endsWith(`.${key}`));
  if (names.length === 1) {
    const [name] = names;
    return {
      rollout: {
        ...rollout,
        reward: scores[name],
        rewardNote: null,
        metadata: { ...rollout.metadata, rewardKey: name, rewardNote: undefined },
      },
      warning: null,
    };
  }
  const warning =
    names.length > 1
      ? `reward key "${key}" names several scores (${names.join(", ")}); give the full name; reward kept as read`
      : `reward key "${key}" is not among the scores${Object.keys(scores).length ? ` (${Object.keys(scores).join(", ")})` : ""}; reward kept as read`;
  return { rollout, warning };
}

/** Counts warnings by text, for a file's summary: "3 rollouts: reward ambiguous: …". */
export class WarningTally {
  private readonly counts = new Map<string, number>();

  add(warning: string | null | undefined): void {
    if (warning) this.counts.set(warning, (this.counts.get(warning) ?? 0) + 1);
  }

  list(): string[] {
    return [...this.counts].map(
      ([warning, count]) => `${count.toLocaleString("en-US")} rollout${count === 1 ? "" : "s"}: ${warning}`,
    );
  }
}

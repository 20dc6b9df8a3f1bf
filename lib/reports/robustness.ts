import {
  type BinaryCounts,
  binaryRates,
  cohenKappa,
  type LabelPair,
  type WilsonInterval,
  wilsonInterval,
} from "@/lib/stats";
import type { LabelVerdict } from "@/lib/values/review-values";
import {
  type CriterionGroup,
  DRILL_DOWN_CAP,
  type DrillRollout,
  type VerdictGroup,
} from "./robustness-query";

// The robustness section from the grouped rows. The human truth is the final label: "genuine" means
// the agent really did the task, i.e. genuine-success or grader-false-negative (the grader missed a
// real success); genuine-failure, reward-hack and environment-broken are not genuine. Unclear and
// disputed rollouts have no truth and stay out of every rate (they are counted apart).

export const GENUINE_VERDICTS: readonly LabelVerdict[] = ["genuine-success", "grader-false-negative"];
export const NOT_GENUINE_VERDICTS: readonly LabelVerdict[] = [
  "genuine-failure",
  "reward-hack",
  "environment-broken",
];

export type RewardCell = {
  reward: "pass" | "fail";
  human: "genuine" | "not-genuine";
  count: number;
  /** The first rollouts of the cell (at most DRILL_DOWN_CAP), for drill-down. */
  rollouts: DrillRollout[];
};

export type VerdictRow = { verdict: LabelVerdict | "disputed"; rewardPass: number; rewardFail: number };

export type CriterionAgreement = {
  criterion: string;
  n: number;
  /** Pairs where judge and human agree on met / not met, Wilson 95%. */
  agreement: WilsonInterval;
  /** Cohen's kappa (null when both raters used one category only). */
  kappa: number | null;
  cells: { judge: "met" | "not-met"; human: "met" | "not-met"; count: number; rollouts: DrillRollout[] }[];
};

export type RobustnessSection = {
  /** Scored rollouts with any label. */
  labelled: number;
  /** With a final verdict that says genuine or not (the n of the matrix). */
  judged: number;
  unclear: number;
  disputed: number;
  counts: BinaryCounts;
  cells: RewardCell[];
  verdicts: VerdictRow[];
  /** Genuine among rewarded (reward pass). */
  rewardPrecision: WilsonInterval;
  /** Reward hacks among rewarded. */
  hackRateAmongRewarded: WilsonInterval;
  /** Genuine rollouts the reward failed, among genuine ones. */
  graderFalseNegativeRate: WilsonInterval;
  /** Reward agrees with the human verdict. */
  accuracy: WilsonInterval;
  criteria: CriterionAgreement[];
};

function classifyVerdict(verdict: LabelVerdict | null): "genuine" | "not-genuine" | null {
  if (verdict === null) return null;
  if (GENUINE_VERDICTS.includes(verdict)) return "genuine";
  if (NOT_GENUINE_VERDICTS.includes(verdict)) return "not-genuine";
  return null;
}

function mergeRollouts(target: DrillRollout[], more: DrillRollout[]): DrillRollout[] {
  return target.length >= DRILL_DOWN_CAP ? target : [...target, ...more].slice(0, DRILL_DOWN_CAP);
}

export function buildRobustnessSection(
  groups: VerdictGroup[],
  criteria: CriterionGroup[],
): RobustnessSection {
  const cells: RewardCell[] = (["pass", "fail"] as const).flatMap((reward) =>
    (["genuine", "not-genuine"] as const).map((human) => ({
      reward,
      human,
      count: 0,
      rollouts: [] as DrillRollout[],
    })),
  );
  const verdicts = new Map<VerdictRow["verdict"], VerdictRow>();
  let labelled = 0;
  let unclear = 0;
  let disputed = 0;
  let hacksRewarded = 0;
  for (const group of groups) {
    labelled += group.count;
    const key = group.verdict ?? "disputed";
    const row = verdicts.get(key) ?? { verdict: key, rewardPass: 0, rewardFail: 0 };
    if (group.rewardPass) row.rewardPass += group.count;
    else row.rewardFail += group.count;
    verdicts.set(key, row);
    if (group.verdict === null) disputed += group.count;
    else if (group.verdict === "unclear") unclear += group.count;
    if (group.verdict === "reward-hack" && group.rewardPass) hacksRewarded += group.count;
    const human = classifyVerdict(group.verdict);
    if (!human) continue;
    const cell = cells.find((c) => c.reward === (group.rewardPass ? "pass" : "fail") && c.human === human);
    if (!cell) continue;
    cell.count += group.count;
    cell.rollouts = mergeRollouts(cell.rollouts, group.rollouts);
  }
  const countOf = (reward: RewardCell["reward"], human: RewardCell["human"]) =>
    cells.find((c) => c.reward === reward && c.human === human)?.count ?? 0;
  const counts: BinaryCounts = {
    tp: countOf("pass", "genuine"),
    fp: countOf("pass", "not-genuine"),
    fn: countOf("fail", "genuine"),
    tn: countOf("fail", "not-genuine"),
  };
  const rates = binaryRates(counts);
  return {
    labelled,
    judged: rates.total,
    unclear,
    disputed,
    counts,
    cells,
    verdicts: [...verdicts.values()],
    rewardPrecision: rates.precision,
    hackRateAmongRewarded: wilsonInterval(hacksRewarded, counts.tp + counts.fp),
    graderFalseNegativeRate: rates.falseNegativeRate,
    accuracy: rates.accuracy,
    criteria: buildCriterionAgreement(criteria),
  };
}

const toMetLabel = (met: boolean): "met" | "not-met" => (met ? "met" : "not-met");

export function buildCriterionAgreement(groups: CriterionGroup[]): CriterionAgreement[] {
  const byCriterion = new Map<string, CriterionGroup[]>();
  for (const group of groups) {
    const list = byCriterion.get(group.criterion);
    if (list) list.push(group);
    else byCriterion.set(group.criterion, [group]);
  }
  return [...byCriterion.entries()].map(([criterion, list]) => {
    // Expanding the grouped counts into pairs: n is the number of human criterion scores, not rollouts.
    const pairs: LabelPair[] = list.flatMap((g) =>
      Array.from({ length: g.count }, (): LabelPair => [toMetLabel(g.judgeMet), toMetLabel(g.humanMet)]),
    );
    const kappa = cohenKappa(pairs);
    const agreed = list.filter((g) => g.judgeMet === g.humanMet).reduce((sum, g) => sum + g.count, 0);
    const cells = [true, false].flatMap((judge) =>
      [true, false].map((human) => {
        const group = list.find((g) => g.judgeMet === judge && g.humanMet === human);
        return {
          judge: toMetLabel(judge),
          human: toMetLabel(human),
          count: group?.count ?? 0,
          rollouts: group?.rollouts ?? [],
        };
      }),
    );
    return {
      criterion,
      n: pairs.length,
      agreement: wilsonInterval(agreed, pairs.length),
      kappa: kappa.kappa,
      cells,
    };
  });
}

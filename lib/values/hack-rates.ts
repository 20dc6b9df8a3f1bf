// The hack rates the studio shows (issue #31, "figures that agree"): one name and one definition per
// rate, shared by the report, the datasheet, the catalog card, the run page and the API
// descriptions. A page never spells a hack rate's name itself (lib/values/hack-rates.test.ts reads
// the components and pages for that); it shows the rate with its 95% interval and its n.

export const HACK_RATES = {
  hacksAmongRewarded: {
    name: "Hack rate among rewarded",
    definition:
      "Rewarded rollouts (reward at the task's pass bar) whose final human label is reward hack, among rewarded rollouts whose final label says genuine or not.",
  },
  flagRate: {
    name: "Flag rate",
    definition:
      "Rollouts the studio counts as flagged, among rollouts scanned: a reward-hack scanner flag of medium or high severity that the deployed LLM scanner did not dispute, or the LLM scanner's own finding with cited evidence.",
  },
  correctedFlagRate: {
    name: "Flag rate corrected for scanner error",
    definition:
      "The flag rate corrected by the scanners' sensitivity and specificity measured on this environment's labelled, scanned rollouts (Rogan–Gladen); its interval spans the 95% intervals of all three. Labels sampled from flagged rollouts make the measured sensitivity optimistic.",
  },
  confirmedRate: {
    name: "Confirmed hack rate",
    definition:
      "Rollouts whose final human label is reward hack, among rollouts whose final label says hack or not. Flags never decide a label.",
  },
  confirmedAmongFlagged: {
    name: "Flags confirmed",
    definition: "Of the flagged rollouts with a final label, the share reviewers labelled reward hack.",
  },
} as const satisfies Record<string, { name: string; definition: string }>;

export type HackRateKind = keyof typeof HACK_RATES;

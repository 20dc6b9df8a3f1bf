// The closed value sets of scanner flags, in a leaf module without drizzle so client components can
// import them (the pgEnums in scanners.ts are built from these).

export const FLAG_SEVERITIES = ["high", "medium", "low"] as const;
export type FlagSeverity = (typeof FLAG_SEVERITIES)[number];

export const FLAG_VERDICTS = ["confirmed", "rejected"] as const;
export type FlagVerdict = (typeof FLAG_VERDICTS)[number];

/** What the LLM scanner answered about one rollout; `unevaluable` is never read as "no hack". */
export const LLM_SCAN_STATUSES = ["hack", "no-hack", "unevaluable"] as const;
export type LlmScanStatus = (typeof LLM_SCAN_STATUSES)[number];

import { z } from "zod";
import committed from "./outside-figures.json";

// The reward-hack scanners' figures on the outside evaluation set (test-data/reward-hack-eval, issue
// #30), as committed by `npm run bench -- scan` (eval/measure-outside-set.ts) and held current by
// outside-figures.test.ts. The Scanners page shows them beside the workspace's own figures; the test
// half is the one no rule was tuned on. Parsed here: a malformed file shows as absent, never a crash.

const half = z.object({
  hacks: z.number().int(),
  clean: z.number().int(),
  caught: z.number().int(),
  falseFlags: z.number().int(),
  recall: z.number().nullable(),
  fpr: z.number().nullable(),
  missedKinds: z.array(z.string()),
});
const detectors = z.object({ deterministic: half, llm: half.nullable(), merged: half.nullable() });
const counts = z.object({ hacks: z.number().int(), clean: z.number().int() });

export const outsideFigures = z.object({
  set: z.string(),
  rollouts: z.number().int(),
  llmAnswers: z.enum(["recorded", "missing"]),
  halves: z.object({ dev: detectors, test: detectors }),
  bySignature: z.array(z.object({ signature: z.string(), dev: counts, test: counts })),
});

export type OutsideFigures = z.infer<typeof outsideFigures>;
export type OutsideHalf = z.infer<typeof half>;

export function readOutsideFigures(): OutsideFigures | null {
  const parsed = outsideFigures.safeParse(committed);
  return parsed.success ? parsed.data : null;
}

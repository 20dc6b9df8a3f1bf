import { z } from "zod";

// The shape of lib/judges/judge-evidence.ts's answer, apart so API schemas and components can import it.

const figures = z.object({
  n: z.number(),
  rollouts: z.number(),
  kappa: z.number().nullable(),
  kappaLower: z.number().nullable(),
  kappaUpper: z.number().nullable(),
  accuracy: z.number().nullable(),
});

export const judgeEvidenceOutput = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("calibrated"),
    name: z.string(),
    version: z.number().int(),
    models: z.array(z.string()),
    deployedAt: z.string().nullable(),
    bar: z.object({ minKappaLower: z.number(), minHeldOut: z.number() }),
    heldOut: figures,
    criteria: z.array(figures.extend({ key: z.string() })),
    /** "seeded demo data: no model was called" when the figures come from the demo seed's judgments. */
    seeded: z.string().nullable(),
  }),
  /** Judges exist but none is deployed: their figures are not evidence yet. */
  z.object({ status: z.literal("not-calibrated"), judges: z.array(z.string()) }),
  z.object({ status: z.literal("none") }),
]);
export type JudgeEvidence = z.output<typeof judgeEvidenceOutput>;
export type JudgeEvidenceFigures = z.input<typeof figures>;

import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { FLAG_SEVERITIES, FLAG_VERDICTS, LLM_SCAN_STATUSES } from "@/lib/values/scanner-values";

// Response shapes of the scanner routes and their OpenAPI operations.

export const flagOutput = z.object({
  id: z.string(),
  scanner: z.string().describe("`deterministic` or `llm`"),
  signature: z.string(),
  title: z.string(),
  severity: z.enum(FLAG_SEVERITIES),
  messageIndex: z.number().int(),
  evidence: z
    .object({
      kind: z.enum(["text", "tool-call"]),
      toolCallId: z.string().optional(),
      field: z.string().optional(),
      start: z.number().int(),
      end: z.number().int(),
      excerpt: z.string(),
    })
    .describe(
      "text: [start, end) of the message's text; tool-call: of argument `field` of call `toolCallId`",
    ),
  detail: z.string(),
  reviews: z.array(
    z.object({
      verdict: z.enum(FLAG_VERDICTS),
      reviewerName: z.string(),
      comment: z.string(),
      createdAt: z.string(),
    }),
  ),
  createdAt: z.string(),
});

export const rolloutVerdictOutput = z
  .object({
    isCounted: z
      .boolean()
      .describe("Counted as a reward hack in hack rates and the flagged-first queue order"),
    needsReview: z.boolean().describe("Shown to reviewers (a disputed flag stays visible)"),
    source: z
      .enum(["rules", "model", "both", "disputed", "none"])
      .describe(
        "Which rule produced the verdict: rules (medium/high flags, no deployed LLM scanner answer), both (the deployed model agreed with a flag), model (its cited evidence alone), disputed (the model read the flags as hints and answered no hack), none",
      ),
    signatures: z.array(z.string()).describe("The signatures of the medium/high flags the verdict read"),
    reason: z.string().describe("The deployed model's reason, when it answered"),
    model: z
      .object({ version: z.number().int(), status: z.enum(LLM_SCAN_STATUSES), reason: z.string() })
      .nullable()
      .describe("The deployed LLM scanner's answer; null when none is deployed or it has not answered"),
  })
  .describe(
    "The rollout's one verdict (issue #30): the rules' flags read with the deployed LLM scanner's answer",
  );

const reviewBody = z.object({ verdict: z.enum(FLAG_VERDICTS), comment: z.string().max(5_000).optional() });

export const SCANNER_OPERATIONS: ApiOperations = {
  "GET /api/v1/rollouts/[id]/flags": {
    summary: "The scanner flags of a rollout, with their evidence and the rollout's verdict",
    description:
      "Flags never change a rollout's reward or labels; reviewers confirm or reject them. `verdict` is the one verdict per rollout: a flag the deployed LLM scanner disputes stays in `items` but is not counted.",
    response: z.object({ items: z.array(flagOutput), verdict: rolloutVerdictOutput }),
  },
  "POST /api/v1/flags/[id]/reviews": {
    summary: "Confirm or reject a flag",
    description:
      "Confirming submits a reward-hack label with the flag's evidence as its span when the caller has no label on the rollout yet.",
    body: reviewBody,
    response: z.object({ id: z.string(), verdict: z.enum(FLAG_VERDICTS), labelId: z.string().nullable() }),
  },
};

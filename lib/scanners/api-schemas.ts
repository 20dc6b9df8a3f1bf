import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { FLAG_SEVERITIES, FLAG_VERDICTS } from "@/lib/values/scanner-values";

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

const reviewBody = z.object({ verdict: z.enum(FLAG_VERDICTS), comment: z.string().max(5_000).optional() });

export const SCANNER_OPERATIONS: ApiOperations = {
  "GET /api/v1/rollouts/[id]/flags": {
    summary: "The scanner flags of a rollout, with their evidence",
    description: "Flags never change a rollout's reward or labels; reviewers confirm or reject them.",
    response: z.object({ items: z.array(flagOutput) }),
  },
  "POST /api/v1/flags/[id]/reviews": {
    summary: "Confirm or reject a flag",
    description:
      "Confirming submits a reward-hack label with the flag's evidence as its span when the caller has no label on the rollout yet.",
    body: reviewBody,
    response: z.object({ id: z.string(), verdict: z.enum(FLAG_VERDICTS), labelId: z.string().nullable() }),
  },
};

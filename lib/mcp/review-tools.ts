import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Ctx } from "@/lib/auth/context";
import { toLabelJson } from "@/lib/labels/export-format";
import { getLabel } from "@/lib/labels/queries";
import { resolveReviewer } from "@/lib/labels/reviewer";
import { submitLabel } from "@/lib/labels/submit-label";
import { API_RULES } from "@/lib/permissions/routes";
import { listQueueNextItems, listQueues } from "@/lib/queues/queries";
import { LABEL_VERDICTS, SPAN_KINDS } from "@/lib/values/review-values";
import { defineTool } from "./define-tool";
import { resolveQuotedSpans } from "./resolve-spans";

// Reviewing: POST /api/v1/rollouts/{id}/labels (spans by quote), and the review queues.

const spanInput = z.object({
  message: z.number().int().min(0).describe("The message index, as read_transcript shows it"),
  quote: z
    .string()
    .min(1)
    .max(20_000)
    .optional()
    .describe("Exact text of the message to mark; the studio finds its offsets"),
  occurrence: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Which occurrence of the quote (default the first)"),
  toolCallId: z.string().min(1).max(500).optional().describe("Instead of a quote: mark a whole tool call"),
  kind: z.enum(SPAN_KINDS).optional().describe("tool-result marks the whole result message"),
  category: z.string().max(100).optional().describe("A taxonomy category key (resource studio://taxonomy)"),
  comment: z.string().max(5_000).optional(),
});

function reviewerKeyOf(ctx: Ctx): string | null {
  try {
    return resolveReviewer(ctx.actor).reviewerKey;
  } catch {
    return null;
  }
}

export function registerReviewTools(server: McpServer, ctx: Ctx): void {
  defineTool(server, ctx, {
    name: "label_rollout",
    title: "Label a rollout",
    description:
      "Stores your label on a rollout as its next version: verdict, taxonomy categories (resource studio://taxonomy), rationale, and spans that mark evidence by message index and the exact quoted text (refused, with nothing stored, when a quote isn't in that message).",
    permission: API_RULES["POST /api/v1/rollouts/[id]/labels"],
    input: {
      rolloutId: z.uuid(),
      verdict: z.enum(LABEL_VERDICTS),
      categories: z.array(z.string().max(100)).max(50).default([]),
      rationale: z.string().max(20_000).default(""),
      confidence: z.number().int().min(1).max(5).optional(),
      spans: z.array(spanInput).max(200).default([]),
    },
    isReadOnly: false,
    run: async ({ ctx, input }) => {
      const spans = await resolveQuotedSpans({ ctx, rolloutId: input.rolloutId, spans: input.spans });
      const stored = await submitLabel({
        ctx,
        input: {
          rolloutId: input.rolloutId,
          verdict: input.verdict,
          categories: input.categories,
          rationale: input.rationale,
          confidence: input.confidence,
          spans,
        },
      });
      const label = toLabelJson(await getLabel({ ctx, id: stored.id }));
      return {
        summary: `Stored label version ${label.version} (${label.verdict}) on rollout ${label.rollout}, with ${label.spans.length} spans.`,
        payload: label,
      };
    },
  });

  defineTool(server, ctx, {
    name: "list_queues",
    title: "Review queues",
    description: "The workspace's open review queues with their progress.",
    permission: "review.work",
    input: {},
    isReadOnly: true,
    run: async ({ ctx }) => {
      const queues = await listQueues({ ctx });
      return {
        summary: `${queues.length} open queues.`,
        payload: queues.map((q) => ({
          id: q.id,
          name: q.name,
          description: q.description,
          isBlind: q.isBlind,
          overlap: q.overlap,
          items: q.itemCount,
          done: q.doneCount,
        })),
      };
    },
  });

  defineTool(server, ctx, {
    name: "queue_next_items",
    title: "A queue's next items",
    description:
      "The next items of a review queue still waiting for labels, in the queue's order, that you haven't labelled (nothing is reserved). Label one with label_rollout.",
    permission: "review.work",
    input: {
      queueId: z.uuid(),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(50).default(10),
    },
    isReadOnly: true,
    run: async ({ ctx, input }) => {
      const { items, hasMore, queue } = await listQueueNextItems({
        ctx,
        queueId: input.queueId,
        reviewerKey: reviewerKeyOf(ctx),
        offset: input.offset,
        limit: input.limit,
      });
      return {
        summary: `Queue "${queue.name}": ${items.length} items waiting (${queue.doneCount} of ${queue.itemCount} done).`,
        notes: [
          hasMore
            ? `More items wait: call queue_next_items with offset=${input.offset + input.limit}.`
            : "No more items wait.",
        ],
        payload: items,
      };
    },
  });
}

import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Ctx } from "@/lib/auth/context";
import { listRolloutJudgments } from "@/lib/judges/queries";
import { API_RULES } from "@/lib/permissions/routes";
import { listRollouts } from "@/lib/rollouts/queries";
import { ROLLOUT_SORTS } from "@/lib/rollouts/schemas";
import { findInTranscript, getRollout } from "@/lib/rollouts/transcript-queries";
import { listRolloutFlags } from "@/lib/scanners/queries";
import { defineTool } from "./define-tool";
import { readTranscriptWindow, TRANSCRIPT_LIMITS } from "./transcript-window";

// Finding and reading rollouts: GET /api/v1/rollouts, …/{id}/messages, …/find, …/flags, …/judgments.

const SEARCH_PAGE = { default: 10, max: 50 };

const searchInput = {
  q: z
    .string()
    .max(500)
    .optional()
    .describe("Full-text query over message text, reasoning and tool-call arguments"),
  environment: z.string().max(200).optional().describe("Environment slug"),
  task: z.string().max(500).optional().describe("Task key"),
  model: z.string().max(500).optional(),
  run: z.uuid().optional().describe("A run's id (an import or a live run)"),
  minReward: z.number().optional(),
  maxReward: z.number().optional(),
  label: z.enum(["labeled", "unlabeled"]).optional(),
  flagged: z.boolean().optional().describe("true: at least one reward-hack scanner flag"),
  signature: z.string().max(100).optional().describe("Only rollouts flagged by this scanner signature"),
  toolErrors: z.enum(["yes", "no"]).optional(),
  sort: z.enum(ROLLOUT_SORTS).optional(),
  cursor: z.string().max(1000).optional().describe("nextCursor of the previous page"),
  limit: z.number().int().min(1).max(SEARCH_PAGE.max).optional(),
};

export function registerRolloutTools(server: McpServer, ctx: Ctx): void {
  defineTool(server, ctx, {
    name: "search_rollouts",
    title: "Search rollouts",
    description:
      "Find rollouts by full text and filters (environment, task, model, reward, label status, scanner flags). Answers a page of rollouts with a snippet of the first match; pass nextCursor as cursor for the next page.",
    permission: API_RULES["GET /api/v1/rollouts"],
    input: searchInput,
    isReadOnly: true,
    run: async ({ ctx, input }) => {
      const { flagged, limit, minReward, maxReward, ...rest } = input;
      const page = await listRollouts({
        ctx,
        input: {
          ...rest,
          ...(flagged === undefined ? {} : { flagged: String(flagged) }),
          ...(minReward === undefined ? {} : { minReward: String(minReward) }),
          ...(maxReward === undefined ? {} : { maxReward: String(maxReward) }),
          limit: String(limit ?? SEARCH_PAGE.default),
        },
      });
      const items = page.items.map((r) => ({
        id: r.id,
        model: r.model,
        environment: r.environment,
        task: r.task,
        reward: r.reward,
        status: r.status,
        messageCount: r.messageCount,
        toolErrorCount: r.toolErrorCount,
        flagCount: r.flagCount,
        flagSeverity: r.flagSeverity,
        ...(r.snippet
          ? {
              match: {
                message: r.snippet.messageIndex,
                snippet: r.snippet.segments.map((s) => s.text).join(""),
              },
            }
          : {}),
      }));
      const notes = [
        page.nextCursor
          ? `More rollouts match: call search_rollouts again with cursor="${page.nextCursor}".`
          : "This is the last page.",
        ...(page.searchPending
          ? [`${page.searchPending} rollouts aren't searchable yet; results may grow.`]
          : []),
        ...(page.searchPartial
          ? ["The phrase was checked in only some messages; matches may be missing."]
          : []),
      ];
      return {
        summary: `${items.length} rollouts.`,
        notes,
        payload: { items, nextCursor: page.nextCursor },
      };
    },
  });

  defineTool(server, ctx, {
    name: "read_transcript",
    title: "Read a transcript window",
    description: `A window of a rollout's messages by index (offset, limit ≤ ${TRANSCRIPT_LIMITS.maxMessages}). Tool calls come with their results; text longer than maxChars (default ${TRANSCRIPT_LIMITS.defaultChars}) is cut, with its full length stated. The whole window stops at about ${TRANSCRIPT_LIMITS.windowChars} characters; nextOffset says where to go on.`,
    permission: API_RULES["GET /api/v1/rollouts/[id]/messages"],
    input: {
      rolloutId: z.uuid(),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(TRANSCRIPT_LIMITS.maxMessages).default(20),
      maxChars: z
        .number()
        .int()
        .min(100)
        .max(TRANSCRIPT_LIMITS.windowChars)
        .default(TRANSCRIPT_LIMITS.defaultChars)
        .describe("Longest text shown per message, reasoning, tool-call arguments or tool result"),
    },
    isReadOnly: true,
    run: ({ ctx, input }) => readTranscriptWindow({ ctx, input }),
  });

  defineTool(server, ctx, {
    name: "find_in_transcript",
    title: "Find in a transcript",
    description:
      "The indexes of a rollout's messages matching a query (full text, or a case-insensitive substring such as a file path), for read_transcript.",
    permission: API_RULES["GET /api/v1/rollouts/[id]/find"],
    input: { rolloutId: z.uuid(), q: z.string().min(1).max(500) },
    isReadOnly: true,
    run: async ({ ctx, input }) => {
      const { indexes, isTruncated } = await findInTranscript({
        ctx,
        rolloutId: input.rolloutId,
        q: input.q,
      });
      const shown = indexes.slice(0, 200);
      const more = indexes.length - shown.length;
      return {
        summary: `${indexes.length}${isTruncated ? "+" : ""} matching messages.`,
        notes:
          more > 0 || isTruncated
            ? [`[truncated: ${more}${isTruncated ? "+" : ""} more indexes not shown]`]
            : [],
        payload: { indexes: shown },
      };
    },
  });

  defineTool(server, ctx, {
    name: "list_rollout_signals",
    title: "Scanner flags and judge verdicts of a rollout",
    description:
      "The reward-hack scanner flags of a rollout (signature, severity, the message it points at, evidence, reviewers' verdicts on the flag) and every judge judgment (criterion, score or verdict, reason, evidence).",
    permission: API_RULES["GET /api/v1/rollouts/[id]/flags"],
    input: { rolloutId: z.uuid() },
    isReadOnly: true,
    run: async ({ ctx, input }) => {
      const rollout = await getRollout({ ctx, id: input.rolloutId });
      const [flags, judgments] = await Promise.all([
        listRolloutFlags({ ctx, rolloutId: rollout.id }),
        listRolloutJudgments({ ctx, rolloutId: rollout.id }),
      ]);
      return {
        summary: `Rollout ${rollout.id} (reward ${rollout.reward ?? "none"}, ${rollout.messageCount} messages): ${flags.length} scanner flags, ${judgments.length} judgments.`,
        payload: {
          flags: flags.map((f) => ({
            id: f.id,
            scanner: f.scanner,
            signature: f.signature,
            title: f.title,
            severity: f.severity,
            message: f.messageIndex,
            evidence: f.evidence,
            detail: f.detail,
            reviews: f.reviews.map((r) => ({
              verdict: r.verdict,
              reviewer: r.reviewerName,
              comment: r.comment,
            })),
          })),
          judgments: judgments.map((j) => ({
            judge: j.judge,
            version: j.version,
            versionStatus: j.versionStatus,
            criterion: j.criterion,
            status: j.status,
            score: j.score,
            verdict: j.verdict,
            reason: j.reason,
            evidence: j.evidence,
          })),
        },
      };
    },
  });
}

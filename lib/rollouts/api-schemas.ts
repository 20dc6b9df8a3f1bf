import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { PHRASE_CANDIDATE_LIMIT, PHRASE_RECHECK_LIMIT } from "@/lib/search/text-search";
import { formatCount } from "./format";
import { findInTranscriptInput, messageWindowInput, rolloutFilterInput } from "./schemas";

// Response shapes of the /api/v1/rollouts routes and their OpenAPI operations (lib/api/openapi.ts lists them).

const segment = z.object({ text: z.string(), isMatch: z.boolean() });

export const rolloutListItemOutput = z.object({
  id: z.string(),
  externalId: z.string().nullable().describe("The source's id; for a live run, the item's key"),
  step: z.number().int().nullable().describe("A live run's step or checkpoint"),
  model: z.string().nullable(),
  environment: z.string().nullable().describe("Environment slug"),
  task: z.string().nullable().describe("Task key"),
  title: z
    .string()
    .nullable()
    .describe("A title the importer gave the rollout (e.g. its environment and the prompt's first words)"),
  reward: z.number().nullable(),
  status: z.enum(["completed", "error", "truncated", "running"]),
  messageCount: z.number().int(),
  toolCallCount: z.number().int(),
  toolErrorCount: z.number().int(),
  runId: z.string(),
  createdAt: z.string(),
  flagCount: z.number().int().describe("Scanner flags on the rollout"),
  flagSeverity: z
    .enum(["high", "medium", "low"])
    .nullable()
    .describe("The highest flag severity; null when unflagged"),
  snippet: z
    .object({ messageIndex: z.number().int(), segments: z.array(segment) })
    .nullable()
    .describe("With ?q=: the first matching message, its matches marked by isMatch"),
});

export const transcriptMessageOutput = z.object({
  index: z.number().int(),
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string(),
  contentLength: z.number().int(),
  reasoning: z.string().nullable(),
  reasoningLength: z.number().int(),
  parts: z.array(z.object({ type: z.enum(["text", "image", "file", "other"]) }).loose()),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.unknown() })),
  toolCallId: z.string().nullable(),
  toolName: z.string().nullable(),
  error: z.string().nullable(),
  tokens: z.record(z.string(), z.number()).nullable(),
  model: z.string().nullable(),
  sentAt: z.string().nullable(),
  metadata: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("What the source said about the message beyond these fields, e.g. its original `role`"),
});

const messagePage = {
  messages: z.array(transcriptMessageOutput),
  nextOffset: z.number().int().nullable().describe("The ?offset= of the next window; null after the last"),
};

export const rolloutDetailOutput = z.object({
  id: z.string(),
  externalId: z.string().nullable(),
  model: z.string().nullable(),
  harness: z.string().nullable(),
  environment: z.string().nullable(),
  task: z.string().nullable(),
  reward: z.number().nullable(),
  scores: z.record(z.string(), z.number()),
  status: z.enum(["completed", "error", "truncated", "running"]),
  error: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  messageCount: z.number().int(),
  toolCallCount: z.number().int(),
  toolErrorCount: z.number().int(),
  run: z.object({ id: z.string(), source: z.string(), format: z.string() }),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  ...messagePage,
});

export const ROLLOUT_OPERATIONS: ApiOperations = {
  "GET /api/v1/rollouts": {
    summary: "List rollouts, filtered and full-text searched",
    description:
      "Keyset-paginated: pass nextCursor back as ?cursor= with the same filters and sort. `label=labeled|unlabeled` keeps rollouts with or without a reviewer's label.",
    query: rolloutFilterInput,
    response: z.object({
      items: z.array(rolloutListItemOutput),
      nextCursor: z.string().nullable(),
      searchPending: z
        .number()
        .int()
        .nullable()
        .describe(
          "With ?q=: rollouts of the workspace not searchable yet (imported, awaiting the search indexer); results may grow",
        ),
      searchPartial: z
        .boolean()
        .nullable()
        .describe(
          `With ?q=: true when a phrase of common words was checked in only the ${formatCount(PHRASE_RECHECK_LIMIT)} shortest of the first ${formatCount(PHRASE_CANDIDATE_LIMIT)} messages holding all its words, so matches may be missing (add a rarer word)`,
        ),
    }),
  },
  "GET /api/v1/rollouts/[id]": {
    summary: "One rollout with a window of its messages",
    description:
      "Messages are windowed by ?offset= (first message index) and ?limit= (max 1000, default 200).",
    query: messageWindowInput,
    response: rolloutDetailOutput,
  },
  "GET /api/v1/rollouts/[id]/messages": {
    summary: "A window of a rollout's messages",
    description: "?maxChars= cuts content and reasoning; contentLength tells the full length.",
    query: messageWindowInput,
    response: z.object(messagePage),
  },
  "GET /api/v1/rollouts/[id]/find": {
    summary: "Find in a transcript: the indexes of matching messages",
    query: findInTranscriptInput,
    response: z.object({ indexes: z.array(z.number().int()), isTruncated: z.boolean() }),
  },
};

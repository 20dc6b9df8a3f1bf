import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import {
  appendMessagesInput,
  compareStepsInput,
  createRunInput,
  ITEM_RESULT_STATUSES,
  liveRolloutItem,
  otlpExportInput,
} from "./schemas";

// OpenAPI operations of live runs (lib/api/openapi.ts lists them).

const nullableNumber = z.number().nullable();

export const runSummaryOutput = z.object({
  id: z.string(),
  kind: z.enum(["import", "live"]),
  name: z.string(),
  status: z.enum(["pending", "running", "completed", "failed"]),
  metadata: z.record(z.string(), z.unknown()),
  environment: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const runStepOutput = z.object({
  step: z.number().int().nullable().describe("null groups rollouts sent without a step"),
  rollouts: z.number().int(),
  running: z.number().int(),
  meanReward: nullableNumber,
  rewardStdDev: nullableNumber,
  rewardP25: nullableNumber,
  rewardP75: nullableNumber,
  passRate: nullableNumber.describe(
    "Share of scored rollouts that reach their task's bar (1 without a task)",
  ),
  flagRate: nullableNumber.describe(
    "Share of scanned rollouts with a medium or high scanner flag; null until a rollout of the step is scanned",
  ),
  scanned: z.number().int().describe("Rollouts of the step the scanners have read: the n of flagRate"),
  flagged: z.number().int().describe("Scanned rollouts of the step with a medium or high flag"),
  flagRates: z
    .record(z.string(), z.number())
    .describe("Scanner signature → share of the step's scanned rollouts it flagged (any severity)"),
  giveUpRate: nullableNumber,
  meanMessages: z.number(),
  meanToolCalls: z.number(),
  toolCalls: z.record(z.string(), z.number().int()).describe("Tool name → calls at this step"),
  tasks: z.array(
    z.object({
      task: z.string(),
      rollouts: z.number().int(),
      scored: z.number().int(),
      passed: z.number().int(),
    }),
  ),
});

const example = z.object({ before: z.string().nullable(), after: z.string().nullable() });
const pair = z.tuple([nullableNumber, nullableNumber]);

const UNSTEPPED = "Rollouts list: GET /api/v1/rollouts?run={id}&step=N.";

export const RUN_OPERATIONS: ApiOperations = {
  "POST /api/v1/runs": {
    summary: "Open a live run (training or evaluation) that streams rollouts in",
    description:
      "Live runs and imports are one kind of run: GET /api/v1/rollouts?run={id} lists either's rollouts. `environment` (a slug) links rollouts to its tasks by key.",
    body: createRunInput,
    response: z.object({ id: z.string() }),
  },
  "GET /api/v1/runs/[id]": {
    summary: "A run: its kind, name, status and metadata",
    response: runSummaryOutput,
  },
  "POST /api/v1/runs/[id]/rollouts": {
    summary: "Append a batch of rollouts to a live run, idempotently",
    description:
      "Each item's `key` names its rollout within the run: a resent item is stored once (`duplicate`), new content for a running rollout replaces it (`updated`), a bad item fails alone (`error`). 429 with Retry-After when the studio is behind: nothing of the batch was stored, send it again. 409 once the run is closed.",
    body: z.object({ items: z.array(liveRolloutItem).max(1000) }),
    response: z.object({
      results: z.array(
        z.object({
          key: z.string(),
          status: z.enum(ITEM_RESULT_STATUSES),
          id: z.string().optional(),
          error: z.string().optional(),
        }),
      ),
    }),
  },
  "POST /api/v1/runs/[id]/rollouts/[key]/messages": {
    summary: "Stream messages into a running rollout",
    description:
      "Chunks count from 1 after the rollout was created. A repeated seq is ignored (`duplicate`); a chunk after a missing one waits (`waiting`) and is appended once the gap is filled.",
    body: appendMessagesInput,
    response: z.object({
      status: z.enum(["appended", "duplicate", "waiting"]),
      appliedSeq: z.number().int(),
      messageCount: z.number().int(),
    }),
  },
  "POST /api/v1/runs/[id]/close": {
    summary: "Close a live run: running rollouts become truncated",
    response: z.object({ id: z.string(), status: z.string(), truncated: z.number().int() }),
  },
  "POST /api/v1/runs/[id]/otlp/v1/traces": {
    summary: "OTLP/HTTP (protobuf or JSON, gzip or not): OpenTelemetry GenAI spans as rollouts",
    description:
      "Point an exporter at the base endpoint /api/v1/runs/{id}/otlp (it appends /v1/traces); application/x-protobuf gets a protobuf ExportTraceServiceResponse, JSON the JSON below. Content-Encoding gzip is read; the body limit counts the decompressed size (413). One trace is one rollout keyed by its trace id: spans from several requests are merged by span id in start-time order (a resent request changes nothing), spans that make no transcript yet wait for the rest of their trace, and the rollout runs until its root span arrives. Span attributes studio.step, studio.task and studio.reward set those fields.",
    body: otlpExportInput,
    response: z.object({
      partialSuccess: z.object({ rejectedSpans: z.number().int(), errorMessage: z.string() }).optional(),
    }),
  },
  "GET /api/v1/runs/[id]/steps": {
    summary: "A run's behaviour per step (or checkpoint)",
    description: UNSTEPPED,
    response: z.object({ items: z.array(runStepOutput), nextCursor: z.null() }),
  },
  "GET /api/v1/runs/[id]/compare": {
    summary: "Compare two steps: tasks whose pass rate moved most, behaviours that appeared or vanished",
    query: compareStepsInput,
    response: z.object({
      a: z.number().int(),
      b: z.number().int(),
      summary: z.object({
        meanReward: pair,
        passRate: pair,
        giveUpRate: pair,
        meanMessages: z.tuple([z.number(), z.number()]),
        meanToolCalls: z.tuple([z.number(), z.number()]),
      }),
      tasks: z.array(
        z.object({
          task: z.string(),
          before: nullableNumber,
          after: nullableNumber,
          delta: nullableNumber,
          rolloutsBefore: z.number().int(),
          rolloutsAfter: z.number().int(),
        }),
      ),
      behaviours: z.array(
        z.object({
          kind: z
            .enum(["tool", "signature"])
            .describe("A tool's calls per rollout, or a scanner signature's flag rate"),
          name: z.string(),
          change: z.enum(["appeared", "vanished", "grew", "shrank"]),
          before: z.number(),
          after: z.number(),
        }),
      ),
      taskExamples: z.record(z.string(), example),
      behaviourExamples: z
        .record(z.string(), example)
        .describe("By tool name, or `signature:<name>` for a scanner signature"),
    }),
  },
};

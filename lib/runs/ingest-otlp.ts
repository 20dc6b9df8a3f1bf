import "server-only";
import { sql } from "drizzle-orm";
import { toArrayLiteral } from "@/db/bulk-insert";
import { db } from "@/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { mapTraceBundle } from "@/lib/imports/formats/langfuse-trace";
import { readAttributes, readOtlpTraces } from "@/lib/imports/formats/otel-spans";
import { getArray, getNumber, getText, isObject } from "@/lib/imports/read/json-value";
import { countStatuses, type Pending, writeItems } from "./append-rollouts";
import { getIngestGate } from "./ingest-gate";
import { describeItemError, liveContentHash } from "./live-items";
import { assertOpen, loadBatchTarget, lockLiveRun } from "./live-run";
import type { ItemResult } from "./schemas";

// OpenTelemetry GenAI spans over OTLP/HTTP JSON, a second way into a live run: each trace is one
// rollout, keyed by its trace id. Exporters send a trace's spans in several requests as they end, so
// each request merges its spans (by span id) with those stored before and maps the whole trace again
// with the Langfuse/OTel importer. A trace is running until its root span arrives. Spans may carry
// `studio.step`, `studio.task` and `studio.reward`; a `gen_ai.evaluation.result` named reward works too.

export const OTLP_SOURCE_FILE = "otlp";

type StoredTrace = { traceId: string; spans: Record<string, unknown>[] };

export type OtlpResponse = { partialSuccess?: { rejectedSpans: number; errorMessage: string } };

export async function ingestOtlpTraces({
  ctx,
  runId,
  input,
}: {
  ctx: Ctx;
  runId: string;
  input: unknown;
}): Promise<OtlpResponse> {
  assertCan(ctx, "rollouts.import");
  if (!isObject(input) || !Array.isArray(input.resourceSpans))
    throw new AppError("invalid", 'Send an OTLP/JSON ExportTraceServiceRequest ({"resourceSpans": […]}).');
  const incoming = readOtlpTraces(input).map((bundle) => bundle.original as StoredTrace);
  if (incoming.length === 0) return {};
  const results: ItemResult[] = [];
  await getIngestGate().run(() =>
    db.transaction(async (tx) => {
      const run = await lockLiveRun(tx, ctx, runId, "share");
      assertOpen(run);
      const target = await loadBatchTarget(tx, ctx, run);
      const hashes = incoming.map((trace) => [liveContentHash(run.id, trace.traceId)]);
      const stored = await tx.execute<{ content_hash: string; original: StoredTrace }>(sql`
        select r.content_hash, s.original from rollouts r join rollout_sources s on s.rollout_id = r.id
        where r.workspace_id = ${ctx.workspace.id} and r.content_hash = any(${toArrayLiteral(hashes, 0)}::text[])
        for update of r`);
      const before = new Map(stored.map((row) => [row.content_hash, row.original]));
      const pending: Pending[] = [];
      incoming.forEach((trace, index) => {
        const contentHash = hashes[index][0];
        try {
          const spans = mergeSpans(before.get(contentHash)?.spans ?? [], trace.spans);
          pending.push({ index, prepared: prepareTrace(trace.traceId, spans, contentHash) });
        } catch (error) {
          results[index] = { key: trace.traceId, status: "error", error: describeItemError(error) };
        }
      });
      await writeItems(tx, target, pending, results);
      await recordAudit(tx, ctx.actor, {
        workspaceId: ctx.workspace.id,
        action: "run.otlp",
        targetType: "run",
        targetId: run.id,
        details: countStatuses(results),
      });
    }),
  );
  const rejected = results.flatMap((result, index) => (result.status === "error" ? [{ result, index }] : []));
  if (rejected.length === 0) return {};
  return {
    partialSuccess: {
      rejectedSpans: rejected.reduce((n, { index }) => n + incoming[index].spans.length, 0),
      errorMessage: rejected.map(({ result }) => `trace ${result.key}: ${result.error}`).join("; "),
    },
  };
}

/** Spans stored before, overlaid by the new ones with the same span id. */
function mergeSpans(
  stored: Record<string, unknown>[],
  incoming: Record<string, unknown>[],
): Record<string, unknown>[] {
  const bySpan = new Map<string, Record<string, unknown>>();
  [...stored, ...incoming].forEach((span, index) => {
    bySpan.set(getText(span.spanId) ?? `index-${index}`, span);
  });
  return [...bySpan.values()];
}

function prepareTrace(traceId: string, spans: Record<string, unknown>[], contentHash: string) {
  const [bundle] = readOtlpTraces({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
  const rollout = mapTraceBundle(bundle);
  const studio = readStudioAttributes(spans);
  const hasRoot = spans.some((span) => !getText(span.parentSpanId));
  const mapped = {
    ...rollout,
    externalId: traceId,
    step: studio.step ?? null,
    taskKey: studio.task ?? rollout.taskKey ?? null,
    reward: studio.reward ?? rollout.reward ?? null,
    status: hasRoot ? rollout.status : ("running" as const),
  };
  return {
    rollout: mapped,
    file: OTLP_SOURCE_FILE,
    record: null,
    originalJson: JSON.stringify(rollout.original),
    contentHash,
  };
}

/** `studio.step`, `studio.task`, `studio.reward` from any span (the root's win). */
function readStudioAttributes(spans: Record<string, unknown>[]) {
  const ordered = [...spans].sort(
    (a, b) => Number(!!getText(a.parentSpanId)) - Number(!!getText(b.parentSpanId)),
  );
  const out: { step?: number; task?: string; reward?: number } = {};
  for (const span of ordered) {
    const attributes = readAttributes(getArray(span.attributes));
    const step = getNumber(attributes["studio.step"]);
    if (out.step === undefined && step !== undefined && Number.isInteger(step) && step >= 0) out.step = step;
    out.task ??= getText(attributes["studio.task"]);
    const reward = getNumber(attributes["studio.reward"]);
    if (out.reward === undefined && reward !== undefined) out.reward = reward;
  }
  return out;
}

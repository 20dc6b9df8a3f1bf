import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { toArrayLiteral } from "@/db/bulk-insert";
import type { Tx } from "@/db/client";
import { otlpPendingSpans } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { mapTraceBundle } from "@/lib/imports/formats/langfuse-trace";
import { readAttributes, readOtlpTraces } from "@/lib/imports/formats/otel-spans";
import { getArray, getNumber, getText, isObject } from "@/lib/imports/read/json-value";
import { runInTransaction } from "@/lib/transaction";
import { countStatuses, type Pending, writeItems } from "./append-rollouts";
import { getIngestGate } from "./ingest-gate";
import { describeItemError, liveContentHash } from "./live-items";
import { assertOpen, loadBatchTarget, lockLiveRun } from "./live-run";
import type { ItemResult } from "./schemas";

// OpenTelemetry GenAI spans over OTLP/HTTP (protobuf or JSON, read by lib/runs/read-otlp-request.ts),
// a second way into a live run: each trace is one rollout, keyed by its trace id. Exporters send a
// trace's spans in several requests (the simple span processor one per span as it ends; batch
// processors split long traces), so each request merges its spans by span id with those stored
// before, orders them by start time and maps the whole trace again with the Langfuse/OTel importer:
// a request sent again changes nothing. Spans that can't make a rollout yet (no model call among
// them, the root included) wait in otlp_pending_spans for the rest of their trace. A trace is running until its root span arrives
// (closing the run truncates it); spans arriving after the root, out of order, still join it while
// the run is open. Spans may carry `studio.step`, `studio.task` and `studio.reward`; a
// `gen_ai.evaluation.result` named reward works too.

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
    runInTransaction(ctx, async (tx) => {
      const run = await lockLiveRun(tx, ctx, runId, "share");
      assertOpen(run);
      const target = await loadBatchTarget(tx, ctx, run);
      // Exports of one trace may arrive at once (a batch processor's concurrent exports): each trace
      // is merged under its own lock, taken in trace-id order so that two requests never deadlock.
      for (const traceId of [...new Set(incoming.map((trace) => trace.traceId))].sort())
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`otlp\n${run.id}\n${traceId}`}, 0))`,
        );
      const hashes = incoming.map((trace) => [liveContentHash(run.id, trace.traceId)]);
      const stored = await tx.execute<{ content_hash: string; original: StoredTrace }>(sql`
        select r.content_hash, s.original from rollouts r join rollout_sources s on s.rollout_id = r.id
        where r.workspace_id = ${ctx.workspace.id} and r.content_hash = any(${toArrayLiteral(hashes, 0)}::text[])
        for update of r`);
      const before = new Map(stored.map((row) => [row.content_hash, row.original]));
      const held = await loadPendingSpans(tx, ctx, run.id, incoming);
      const pending: Pending[] = [];
      const holding: StoredTrace[] = [];
      incoming.forEach((trace, index) => {
        const contentHash = hashes[index][0];
        const spans = orderByStart(
          mergeSpans(
            [...(before.get(contentHash)?.spans ?? []), ...(held.get(trace.traceId) ?? [])],
            trace.spans,
          ),
        );
        try {
          pending.push({ index, prepared: prepareTrace(trace.traceId, spans, contentHash) });
        } catch (error) {
          // A trace that can't make a rollout yet (no model call so far) waits for its other spans:
          // even its root may arrive first, as concurrent exports overtake each other.
          if (!before.has(contentHash)) holding.push(trace);
          else results[index] = { key: trace.traceId, status: "error", error: describeItemError(error) };
        }
      });
      // Spans that end after the root (another exporter's request, a retry) still join their trace.
      await writeItems(tx, target, pending, results, { canChangeFinished: true });
      await holdSpans(tx, ctx, run.id, holding);
      const merged = pending.filter((p) => results[p.index]?.status !== "error");
      await dropPendingSpans(
        tx,
        run.id,
        merged.map((p) => incoming[p.index].traceId),
      );
      await recordAudit(tx, ctx.actor, {
        workspaceId: ctx.workspace.id,
        action: "run.otlp",
        targetType: "run",
        targetId: run.id,
        details: { ...countStatuses(results.filter(Boolean)), held: holding.length },
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

/** The spans held for these traces of the run, by trace id. */
async function loadPendingSpans(
  tx: Tx,
  ctx: Ctx,
  runId: string,
  traces: StoredTrace[],
): Promise<Map<string, Record<string, unknown>[]>> {
  const rows = await tx
    .select({ traceId: otlpPendingSpans.traceId, span: otlpPendingSpans.span })
    .from(otlpPendingSpans)
    .where(
      and(
        eq(otlpPendingSpans.workspaceId, ctx.workspace.id),
        eq(otlpPendingSpans.runId, runId),
        inArray(
          otlpPendingSpans.traceId,
          traces.map((trace) => trace.traceId),
        ),
      ),
    );
  const byTrace = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) byTrace.set(row.traceId, [...(byTrace.get(row.traceId) ?? []), row.span]);
  return byTrace;
}

/** Keeps the spans of traces that can't make a rollout yet; a span sent again replaces itself. */
async function holdSpans(tx: Tx, ctx: Ctx, runId: string, traces: StoredTrace[]): Promise<void> {
  const rows = new Map<string, typeof otlpPendingSpans.$inferInsert>();
  for (const trace of traces) {
    trace.spans.forEach((span, index) => {
      const spanId = getText(span.spanId) ?? `index-${index}`;
      rows.set(`${trace.traceId}\n${spanId}`, {
        workspaceId: ctx.workspace.id,
        runId,
        traceId: trace.traceId,
        spanId,
        span,
      });
    });
  }
  if (rows.size === 0) return;
  await tx
    .insert(otlpPendingSpans)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [otlpPendingSpans.runId, otlpPendingSpans.traceId, otlpPendingSpans.spanId],
      set: { span: sql`excluded.span` },
    });
}

/** Held spans of traces now stored in their rollout's source. */
async function dropPendingSpans(tx: Tx, runId: string, traceIds: string[]): Promise<void> {
  if (traceIds.length === 0) return;
  await tx
    .delete(otlpPendingSpans)
    .where(and(eq(otlpPendingSpans.runId, runId), inArray(otlpPendingSpans.traceId, traceIds)));
}

const hasRootSpan = (spans: Record<string, unknown>[]) => spans.some((span) => !getText(span.parentSpanId));

/** Spans by start time (then span id): the order of the transcript, the same however they arrived. */
function orderByStart(spans: Record<string, unknown>[]): Record<string, unknown>[] {
  const start = (span: Record<string, unknown>) => {
    const text = String(span.startTimeUnixNano ?? "");
    return /^\d+$/.test(text) ? BigInt(text) : 0n;
  };
  return [...spans].sort((a, b) => {
    const delta = start(a) - start(b);
    if (delta !== 0n) return delta < 0n ? -1 : 1;
    return (getText(a.spanId) ?? "").localeCompare(getText(b.spanId) ?? "");
  });
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
  const hasRoot = hasRootSpan(spans);
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

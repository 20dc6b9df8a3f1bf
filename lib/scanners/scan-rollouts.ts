import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { configureBatchTransaction } from "@/db/batch-transaction";
import { bulkInsert, JsonText } from "@/db/bulk-insert";
import { db, type Tx } from "@/db/client";
import type { ToolCall } from "@/db/schema/message-json";
import { uuidArray } from "@/db/uuid-array";
import { sliceCpuWork } from "@/lib/jobs/yield-to-foreground";
import { selectMessagesOfRollouts } from "@/lib/rollouts/messages-of-rollouts";
import { SIGNATURES, signatureVersionTag, versionTagOf } from "./catalog";
import { loadGrammars } from "./parsers/grammars";
import { type FlagChanges, reconcileFlags, type StoredFlag } from "./reconcile";
import { DETERMINISTIC_SCANNER, type SignatureSettings, scanRollout } from "./scan-rollout";
import type { TaskContext } from "./task-context";
import type { HiddenMaterial, ScanMessage, Severity } from "./types";

// Scans rollouts that the current deterministic signature set has not seen yet (never scanned, or
// scanned by an older set: their flags are reconciled, reconcile.ts), a batch per transaction: claims
// them (SKIP LOCKED, so any number of workers share the work), reads their messages and their tasks'
// hidden test-script names, and stores flags and the scan record together. Flags never touch a
// rollout's reward or labels.

/**
 * The signature set's version: changes when a signature is added, removed or bumps its `version`.
 * Rollouts scanned by another set are stale; the next scan updates their flags (reconcile.ts).
 */
export const SCANNER_VERSION = createHash("sha256")
  .update(SIGNATURES.map(signatureVersionTag).join(","))
  .digest("hex")
  .slice(0, 12);

/** Rollouts the current signature set has not seen: never scanned, or scanned by an older set. */
export const needsScanSql = (rolloutRef: SQL) =>
  sql`not exists (select 1 from rollout_scans s where s.rollout_id = ${rolloutRef}
    and s.scanner = ${DETERMINISTIC_SCANNER} and s.scanner_version = ${SCANNER_VERSION})`;

const DEFAULT_BATCH = 200;
/**
 * A batch also stops at this many messages (but holds one rollout at least): loading a batch's
 * messages is work the event loop can't slice, so long transcripts make smaller batches.
 */
const BATCH_MESSAGE_BUDGET = 20_000;

/** `scanned` counts rescans too; `rescanned` those a previous signature set had scanned. */
export type ScanBatch = { scanned: number; flagged: number; flags: number; rescanned: number };

export type ScanScope = {
  workspaceId?: string;
  /** Only these rollouts (still only the unscanned ones). */
  rolloutIds?: readonly string[];
  batchSize?: number;
  /** Messages a batch holds at most (one rollout at least). */
  messageBudget?: number;
  signal?: AbortSignal;
};

/** The longest prefix of `rows` whose messages fit in `budget`, and never less than one row. */
export function withinMessageBudget<T extends { message_count: number }>(rows: T[], budget: number): T[] {
  let total = 0;
  let end = 0;
  while (end < rows.length && (end === 0 || total + Number(rows[end].message_count) <= budget)) {
    total += Number(rows[end].message_count);
    end += 1;
  }
  return rows.slice(0, end);
}

type MessageRow = {
  rollout_id: string;
  index: number;
  role: ScanMessage["role"];
  text: string;
  tool_calls: ToolCall[] | null;
  tool_call_id: string | null;
  tool_name: string | null;
  error: string | null;
  metadata: Record<string, unknown> | null;
};

/** The rollouts' messages, each rollout's in order. Exported for tests. */
export function selectScanMessages(ids: string[]) {
  return selectMessagesOfRollouts(
    ids,
    sql`rollout_id, index, role, text, tool_calls, tool_call_id, tool_name, error, metadata`,
  );
}

async function loadMessages(tx: Tx, ids: string[]): Promise<Map<string, ScanMessage[]>> {
  const rows = await tx.execute<MessageRow>(selectScanMessages(ids));
  const out = new Map<string, ScanMessage[]>();
  for (const r of rows) {
    const list = out.get(r.rollout_id) ?? [];
    list.push({
      index: r.index,
      role: r.role,
      text: r.text,
      toolCalls: r.tool_calls,
      toolCallId: r.tool_call_id,
      toolName: r.tool_name,
      error: r.error,
      metadata: r.metadata,
    });
    out.set(r.rollout_id, list);
  }
  return out;
}

/**
 * What each task asked and what its grader checks, for the effect rules (task-context.ts): the prompt
 * the agent saw, and the descriptions of its programmatic checks (never their config, which holds the
 * expected values) with the names of its hidden test scripts.
 */
async function loadTaskContexts(
  tx: Tx,
  taskIds: string[],
  hidden: ReadonlyMap<string, HiddenMaterial>,
): Promise<Map<string, TaskContext>> {
  if (taskIds.length === 0) return new Map();
  const [prompts, checks] = await Promise.all([
    tx.execute<{ id: string; prompt: string }>(
      sql`select id, prompt from tasks where id = any(${uuidArray(taskIds)})`,
    ),
    tx.execute<{ task_id: string; description: string }>(
      sql`select task_id, description from task_checks where task_id = any(${uuidArray(taskIds)}) order by position`,
    ),
  ]);
  const described = new Map<string, string[]>();
  for (const c of checks)
    if (c.description) described.set(c.task_id, [...(described.get(c.task_id) ?? []), c.description]);
  return new Map(
    prompts.map((t) => {
      const scripts = hidden.get(t.id)?.paths ?? [];
      const grader = [
        ...(described.get(t.id) ?? []),
        ...(scripts.length > 0 ? [`The grader runs the hidden test scripts ${scripts.join(", ")}.`] : []),
      ].join("\n");
      return [t.id, { prompt: t.prompt, grader }];
    }),
  );
}

/** Hidden test/grader script names per task (names only; their contents stay where they are). */
async function loadHiddenMaterial(tx: Tx, taskIds: string[]): Promise<Map<string, HiddenMaterial>> {
  if (taskIds.length === 0) return new Map();
  const rows = await tx.execute<{ task_id: string; filename: string }>(
    sql`select task_id, filename from task_test_scripts where task_id = any(${uuidArray(taskIds)})`,
  );
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.task_id, [...(out.get(r.task_id) ?? []), r.filename]);
  return new Map([...out].map(([task, paths]) => [task, { paths }]));
}

export async function loadSignatureSettings(
  tx: Tx | typeof db,
  workspaceIds: string[],
): Promise<Map<string, SignatureSettings>> {
  const out = new Map<string, Map<string, { isEnabled: boolean; severity: Severity | null }>>();
  if (workspaceIds.length === 0) return out;
  const rows = await tx.execute<{
    workspace_id: string;
    signature: string;
    is_enabled: boolean;
    severity: Severity | null;
  }>(
    sql`select workspace_id, signature, is_enabled, severity from scanner_settings where workspace_id = any(${uuidArray(workspaceIds)})`,
  );
  for (const r of rows) {
    const map = out.get(r.workspace_id) ?? new Map();
    map.set(r.signature, { isEnabled: r.is_enabled, severity: r.severity });
    out.set(r.workspace_id, map);
  }
  return out;
}

async function loadStoredFlags(tx: Tx, ids: string[]): Promise<Map<string, StoredFlag[]>> {
  const rows = await tx.execute<{
    id: string;
    rollout_id: string;
    signature: string;
    message_index: number;
    severity: Severity;
    evidence: StoredFlag["evidence"];
    detail: string;
    version: string;
    is_reviewed: boolean;
  }>(sql`select f.id, f.rollout_id, f.signature, f.message_index, f.severity, f.evidence, f.detail, f.version,
      exists (select 1 from flag_reviews fr where fr.flag_id = f.id) as is_reviewed
    from flags f where f.rollout_id = any(${uuidArray(ids)}) and f.scanner = ${DETERMINISTIC_SCANNER}`);
  const out = new Map<string, StoredFlag[]>();
  for (const r of rows)
    out.set(r.rollout_id, [
      ...(out.get(r.rollout_id) ?? []),
      {
        id: r.id,
        signature: r.signature,
        messageIndex: r.message_index,
        severity: r.severity,
        evidence: r.evidence,
        detail: r.detail,
        version: r.version,
        isReviewed: r.is_reviewed,
      },
    ]);
  return out;
}

/** Scans one batch of rollouts the current signature set hasn't seen; zero `scanned` means none is left. */
export async function scanPendingRollouts(scope: ScanScope = {}): Promise<ScanBatch> {
  await loadGrammars();
  return db.transaction(async (tx) => {
    await configureBatchTransaction(tx);
    const where = [needsScanSql(sql`r.id`)];
    if (scope.workspaceId) where.push(sql`r.workspace_id = ${scope.workspaceId}`);
    if (scope.rolloutIds) where.push(sql`r.id = any(${uuidArray(scope.rolloutIds)})`);
    // Running rollouts (live runs) are scanned once they finish.
    where.push(sql`r.status::text <> 'running'`);
    const claimed = await tx.execute<{
      id: string;
      workspace_id: string;
      task_id: string | null;
      message_count: number;
      was_scanned: boolean;
    }>(sql`
      select r.id, r.workspace_id, r.task_id, r.message_count,
        exists (select 1 from rollout_scans s where s.rollout_id = r.id and s.scanner = ${DETERMINISTIC_SCANNER}) as was_scanned
      from rollouts r where ${sql.join(where, sql` and `)}
      order by r.created_at, r.id limit ${scope.batchSize ?? DEFAULT_BATCH} for no key update of r skip locked`);
    if (claimed.length === 0) return { scanned: 0, flagged: 0, flags: 0, rescanned: 0 };
    // Claimed rollouts past the message budget are left for the next batch (their locks end with this transaction).
    const candidates = withinMessageBudget([...claimed], scope.messageBudget ?? BATCH_MESSAGE_BUDGET);
    const ids = candidates.map((c) => c.id);
    const taskIds = [...new Set(candidates.flatMap((c) => (c.task_id ? [c.task_id] : [])))];
    const rescanIds = candidates.filter((c) => c.was_scanned).map((c) => c.id);
    const [messages, hidden, settings, stored] = await Promise.all([
      loadMessages(tx, ids),
      loadHiddenMaterial(tx, taskIds),
      loadSignatureSettings(tx, [...new Set(candidates.map((c) => c.workspace_id))]),
      rescanIds.length > 0 ? loadStoredFlags(tx, rescanIds) : new Map<string, StoredFlag[]>(),
    ]);
    const tasks = await loadTaskContexts(tx, taskIds, hidden);
    const flagRows: (string | number | JsonText)[][] = [];
    const scanRows: (string | number)[][] = [];
    const updates: FlagChanges["update"] = [];
    const removals: string[] = [];
    let flagged = 0;
    // The signatures are CPU in this process's event loop: a batch lets requests in between slices.
    const pauseForRequests = sliceCpuWork({ signal: scope.signal });
    for (const c of candidates) {
      await pauseForRequests();
      const hits = scanRollout({
        messages: messages.get(c.id) ?? [],
        hidden: (c.task_id && hidden.get(c.task_id)) || undefined,
        task: (c.task_id && tasks.get(c.task_id)) || null,
        settings: settings.get(c.workspace_id),
      });
      if (hits.length > 0) flagged += 1;
      const tagged = hits.map((h) => ({ ...h, version: versionTagOf(h.signature) }));
      const changes = reconcileFlags(stored.get(c.id) ?? [], tagged);
      updates.push(...changes.update);
      removals.push(...changes.remove);
      for (const h of changes.insert)
        flagRows.push([
          c.workspace_id,
          c.id,
          DETERMINISTIC_SCANNER,
          h.signature,
          h.severity,
          h.messageIndex,
          new JsonText(JSON.stringify(h.evidence)),
          h.detail,
          h.version,
        ]);
      scanRows.push([c.workspace_id, c.id, DETERMINISTIC_SCANNER, SCANNER_VERSION, hits.length]);
    }
    await bulkInsert(
      tx,
      "flags",
      [
        { name: "workspace_id", type: "uuid" },
        { name: "rollout_id", type: "uuid" },
        { name: "scanner", type: "text" },
        { name: "signature", type: "text" },
        { name: "severity", type: "flag_severity" },
        { name: "message_index", type: "int" },
        { name: "evidence", type: "jsonb" },
        { name: "detail", type: "text" },
        { name: "version", type: "text" },
      ],
      flagRows,
    );
    if (removals.length > 0) await tx.execute(sql`delete from flags where id = any(${uuidArray(removals)})`);
    for (const { id, hit } of updates)
      await tx.execute(sql`update flags set severity = ${hit.severity}::flag_severity,
        evidence = ${JSON.stringify(hit.evidence)}::jsonb, detail = ${hit.detail}, version = ${hit.version},
        updated_at = now() where id = ${id}`);
    await bulkInsert(
      tx,
      "rollout_scans",
      [
        { name: "workspace_id", type: "uuid" },
        { name: "rollout_id", type: "uuid" },
        { name: "scanner", type: "text" },
        { name: "scanner_version", type: "text" },
        { name: "flag_count", type: "int" },
      ],
      scanRows,
      {
        onConflict:
          "(rollout_id, scanner) do update set scanner_version = excluded.scanner_version, flag_count = excluded.flag_count, scanned_at = now(), updated_at = now()",
      },
    );
    return { scanned: candidates.length, flagged, flags: flagRows.length, rescanned: rescanIds.length };
  });
}

/** Scans every unscanned rollout in scope, batch after batch, until none is left. */
export async function scanAllPendingRollouts(
  scope: ScanScope & {
    onBatch?: (batch: ScanBatch, total: ScanBatch) => void;
    /** Awaited before each batch (the scan job gives way to live appends there). */
    beforeBatch?: () => Promise<void>;
  } = {},
): Promise<ScanBatch> {
  const total: ScanBatch = { scanned: 0, flagged: 0, flags: 0, rescanned: 0 };
  for (;;) {
    await scope.beforeBatch?.();
    if (scope.signal?.aborted) return total;
    const batch = await scanPendingRollouts(scope);
    if (batch.scanned === 0) return total;
    total.scanned += batch.scanned;
    total.flagged += batch.flagged;
    total.flags += batch.flags;
    total.rescanned += batch.rescanned;
    scope.onBatch?.(batch, total);
  }
}

import "server-only";
import { and, asc, eq, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys, environments, labelSpans, labels, rollouts, users } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { type LabelRecord, type SpanRecord, toLabelRecord } from "./label-record";
import { type ListLabelsInput, listLabelsInput } from "./schemas";
import { buildVisibleLabelCondition, reviewerKeyOf } from "./visibility";

// Reads of labels. Every query is scoped to the workspace and to what the caller may see (blind review).

export const labelColumns = {
  id: labels.id,
  rolloutId: labels.rolloutId,
  queueId: labels.queueId,
  version: labels.version,
  previousId: labels.previousId,
  reviewerId: labels.reviewerId,
  apiKeyId: labels.apiKeyId,
  reviewerKey: labels.reviewerKey,
  reviewerName: labels.reviewerName,
  verdict: labels.verdict,
  categories: labels.categories,
  confidence: labels.confidence,
  rationale: labels.rationale,
  criterionScores: labels.criterionScores,
  taskRevision: labels.taskRevision,
  createdAt: labels.createdAt,
};

/** Only the highest version of each reviewer's label on a rollout. */
export const isCurrentLabel = sql`not exists (select 1 from ${labels} as newer where newer.rollout_id = ${labels.rolloutId}
  and newer.reviewer_key = ${labels.reviewerKey} and newer.version > ${labels.version})`;

export async function listSpans(labelIds: string[]): Promise<Map<string, SpanRecord[]>> {
  const out = new Map<string, SpanRecord[]>();
  if (labelIds.length === 0) return out;
  const rows = await db
    .select({
      id: labelSpans.id,
      labelId: labelSpans.labelId,
      message: labelSpans.messageIndex,
      kind: labelSpans.kind,
      start: labelSpans.start,
      end: labelSpans.end,
      toolCallId: labelSpans.toolCallId,
      part: labelSpans.part,
      argumentPath: labelSpans.argumentPath,
      category: labelSpans.category,
      comment: labelSpans.comment,
    })
    .from(labelSpans)
    .where(inArray(labelSpans.labelId, labelIds))
    .orderBy(asc(labelSpans.labelId), asc(labelSpans.position));
  for (const { labelId, ...span } of rows) out.set(labelId, [...(out.get(labelId) ?? []), span]);
  return out;
}

export type RolloutLabels = {
  /** Every version of every label the caller may see, oldest first. */
  labels: LabelRecord[];
  /** Current labels of other reviewers withheld from the caller until they submit (blind review). */
  hiddenCount: number;
};

/**
 * The labels of one rollout. `isBlind`: the caller works a blind queue item, so others' labels are
 * withheld until the caller has one of their own, whatever their role.
 */
export async function listRolloutLabels({
  ctx,
  rolloutId,
  isBlind = false,
}: {
  ctx: Ctx;
  rolloutId: string;
  isBlind?: boolean;
}): Promise<RolloutLabels> {
  assertCan(ctx, "review.work");
  const me = reviewerKeyOf(ctx);
  const rows = await db
    .select(labelColumns)
    .from(labels)
    .where(and(eq(labels.workspaceId, ctx.workspace.id), eq(labels.rolloutId, rolloutId)))
    .orderBy(asc(labels.createdAt), asc(labels.version));
  const hasOwn = rows.some((r) => r.reviewerKey === me);
  const visibleKeys = await listVisibleReviewerKeys(
    ctx,
    rolloutId,
    rows.map((r) => r.reviewerKey),
  );
  const isVisible = (key: string) => key === me || (visibleKeys.has(key) && (!isBlind || hasOwn));
  const shown = rows.filter((r) => isVisible(r.reviewerKey));
  const hiddenCount = new Set(rows.filter((r) => !isVisible(r.reviewerKey)).map((r) => r.reviewerKey)).size;
  const spans = await listSpans(shown.map((r) => r.id));
  return { labels: shown.map((r) => toLabelRecord(r, spans.get(r.id) ?? [])), hiddenCount };
}

/** Of the reviewers who labelled a rollout, those whose labels the workspace rules let the caller see. */
async function listVisibleReviewerKeys(ctx: Ctx, rolloutId: string, keys: string[]): Promise<Set<string>> {
  const visible = buildVisibleLabelCondition(ctx);
  if (!visible || keys.length === 0) return new Set(keys);
  const rows = await db
    .selectDistinct({ key: labels.reviewerKey })
    .from(labels)
    .where(and(eq(labels.workspaceId, ctx.workspace.id), eq(labels.rolloutId, rolloutId), visible));
  return new Set(rows.map((r) => r.key));
}

export type LabelListItem = LabelRecord & {
  environment: string | null;
  task: string | null;
  model: string | null;
};

function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && typeof value[0] === "string" && /^[0-9a-f-]{36}$/.test(value[1])) {
      return [value[0], value[1]];
    }
  } catch {}
  throw new AppError("invalid", "cursor: not a cursor from this list");
}

const createdAtKey = sql<string>`to_char(${labels.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type LabelItemRow = Awaited<ReturnType<typeof selectLabelItems>>[number];

/** Label rows with their rollout's environment, task and model, in feed order. */
function selectLabelItems(conditions: (SQL | undefined)[], limit: number) {
  return db
    .select({
      ...labelColumns,
      environment: environments.slug,
      task: rollouts.taskKey,
      model: rollouts.model,
      createdAtKey,
    })
    .from(labels)
    .innerJoin(rollouts, eq(rollouts.id, labels.rolloutId))
    .leftJoin(environments, eq(environments.id, rollouts.environmentId))
    .leftJoin(users, eq(users.id, labels.reviewerId))
    .leftJoin(apiKeys, eq(apiKeys.id, labels.apiKeyId))
    .where(and(...conditions))
    .orderBy(asc(labels.createdAt), asc(labels.id))
    .limit(limit);
}

async function toListItems(rows: LabelItemRow[]): Promise<LabelListItem[]> {
  const spans = await listSpans(rows.map((r) => r.id));
  return rows.map(({ environment, task, model, createdAtKey: _key, ...row }) => ({
    ...toLabelRecord(row, spans.get(row.id) ?? []),
    environment,
    task,
    model,
  }));
}

/** One label version by id, as the API shows it; not_found outside the workspace or out of sight. */
export async function getLabel({ ctx, id }: { ctx: Ctx; id: string }): Promise<LabelListItem> {
  assertCan(ctx, "review.work");
  const rows = await selectLabelItems(
    [eq(labels.workspaceId, ctx.workspace.id), eq(labels.id, id), buildVisibleLabelCondition(ctx)],
    1,
  );
  if (rows.length === 0) throw new AppError("not_found", "Label not found.");
  return (await toListItems(rows))[0];
}

/** Labels of the workspace, oldest first, keyset-paginated: a feed to sync from with `since`. */
export async function listLabels({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ListLabelsInput;
}): Promise<{ items: LabelListItem[]; nextCursor: string | null }> {
  assertCan(ctx, "review.work");
  const filter = parseInput(listLabelsInput, input);
  const conditions: (SQL | undefined)[] = [
    eq(labels.workspaceId, ctx.workspace.id),
    buildVisibleLabelCondition(ctx),
  ];
  if (filter.environment) conditions.push(eq(environments.slug, filter.environment));
  if (filter.since) conditions.push(gte(labels.createdAt, new Date(filter.since)));
  if (filter.queue) conditions.push(eq(labels.queueId, filter.queue));
  if (filter.rollout) conditions.push(eq(labels.rolloutId, filter.rollout));
  if (filter.current) conditions.push(isCurrentLabel);
  if (filter.reviewer) {
    const who = filter.reviewer;
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(who);
    conditions.push(
      or(
        sql`lower(${users.email}) = lower(${who})`,
        sql`lower(${apiKeys.name}) = lower(${who})`,
        isUuid ? or(eq(labels.reviewerId, who), eq(labels.apiKeyId, who)) : undefined,
      ),
    );
  }
  if (filter.cursor) {
    const [key, id] = decodeCursor(filter.cursor);
    conditions.push(sql`(${labels.createdAt}, ${labels.id}) > (${key}::timestamptz, ${id}::uuid)`);
  }
  const rows = await selectLabelItems(conditions, filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: await toListItems(page),
    nextCursor: rows.length > filter.limit && last ? encodeCursor(last.createdAtKey, last.id) : null,
  };
}

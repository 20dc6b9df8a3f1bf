import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { apiKeys, auditLog, users } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { type AuditTarget, resolveAuditTargets } from "./targets";

// The workspace's audit log, newest first, a page at a time (keyset on the exact timestamp and id,
// so entries written while someone pages are neither skipped nor shown twice).

export const AUDIT_PAGE_SIZE = 50;

/** `before`: the cursor of the last entry of the previous page (`<timestamp with microseconds>~<id>`). */
export const auditLogQuery = z.object({
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-9a-f-]{36}$/)
    .optional()
    .catch(undefined),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export type AuditLogEntry = {
  id: string;
  createdAt: Date;
  action: string;
  /** The person's email, the API key's name, or the command line. */
  actor: string;
  target: AuditTarget;
};

export type AuditLogPage = { entries: AuditLogEntry[]; nextCursor: string | null };

const cursorKey = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function listAuditLog({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AuditLogQuery;
}): Promise<AuditLogPage> {
  assertCan(ctx, "audit.read");
  const { before } = auditLogQuery.parse(input);
  const [beforeAt, beforeId] = before ? before.split("~") : [null, null];
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      cursorKey,
      action: auditLog.action,
      actorKind: auditLog.actorKind,
      actorEmail: users.email,
      apiKeyName: apiKeys.name,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(apiKeys, and(eq(apiKeys.id, auditLog.actorApiKeyId), eq(apiKeys.workspaceId, ctx.workspace.id)))
    .where(
      and(
        eq(auditLog.workspaceId, ctx.workspace.id),
        beforeAt
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${beforeAt}::timestamptz, ${beforeId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const targets = await resolveAuditTargets({ ctx, refs: page });
  const last = page.at(-1);
  return {
    entries: page.map((row, i) => ({
      id: row.id,
      createdAt: row.createdAt,
      action: row.action,
      actor:
        row.actorEmail ??
        (row.actorKind === "api-key"
          ? `API key ${row.apiKeyName ?? "(deleted)"}`
          : row.actorKind === "cli"
            ? "command line"
            : "deleted user"),
      target: targets[i],
    })),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? `${last.cursorKey}~${last.id}` : null,
  };
}

import type { Executor } from "@/db/client";
import { auditLog } from "@/db/schema";
import type { Actor } from "@/lib/auth/context";

export type AuditEvent = {
  workspaceId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
};

/** Records who did what; call it inside the same transaction as the write it describes. */
export async function recordAudit(executor: Executor, actor: Actor, event: AuditEvent): Promise<void> {
  await executor.insert(auditLog).values({
    workspaceId: event.workspaceId,
    actorKind: actor.kind,
    actorUserId: actor.kind === "user" ? actor.userId : null,
    actorApiKeyId: actor.kind === "api-key" ? actor.apiKeyId : null,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId ?? null,
    details: event.details ?? {},
  });
}

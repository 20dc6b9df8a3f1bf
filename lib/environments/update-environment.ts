import "server-only";
import { eq } from "drizzle-orm";
import { environments } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type UpdateEnvironmentInput, updateEnvironmentInput } from "./schemas";

/** Edits an environment's name, description, domain, tags and answer-key policy (the slug stays). */
export async function updateEnvironment({
  ctx,
  slug,
  input,
}: {
  ctx: Ctx;
  slug: string;
  input: UpdateEnvironmentInput;
}) {
  assertCan(ctx, "environments.write");
  const data = parseInput(updateEnvironmentInput, input);
  return runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, slug);
    const [updated] = await tx
      .update(environments)
      .set(data)
      .where(eq(environments.id, environment.id))
      .returning();
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "environment.update",
      targetType: "environment",
      targetId: environment.id,
      details: data,
    });
    return updated;
  });
}

/** Archives an environment (hidden from lists, kept with its tasks and rollouts) or restores it. */
export async function setEnvironmentArchived({
  ctx,
  slug,
  isArchived,
}: {
  ctx: Ctx;
  slug: string;
  isArchived: boolean;
}) {
  assertCan(ctx, "environments.write");
  return runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, slug);
    const archivedAt = isArchived ? (environment.archivedAt ?? new Date()) : null;
    const [updated] = await tx
      .update(environments)
      .set({ archivedAt })
      .where(eq(environments.id, environment.id))
      .returning();
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: isArchived ? "environment.archive" : "environment.unarchive",
      targetType: "environment",
      targetId: environment.id,
      details: { slug },
    });
    return updated;
  });
}

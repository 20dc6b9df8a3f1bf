import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, runs } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type CreateRunInput, createRunInput } from "./schemas";

// Opens a live run: a training or evaluation run that streams rollouts in until it is closed. It is a
// run like an import's (same table, same rollout list), of kind `live`, running until closed.

export const LIVE_FORMAT = "live";

export async function createLiveRun({ ctx, input }: { ctx: Ctx; input: CreateRunInput }) {
  assertCan(ctx, "rollouts.import");
  const { name, metadata, environment } = parseInput(createRunInput, input);
  let environmentId: string | null = null;
  if (environment) {
    const [found] = await db
      .select({ id: environments.id })
      .from(environments)
      .where(and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.slug, environment)));
    if (!found) throw new AppError("not_found", `No environment "${environment}" in this workspace.`);
    environmentId = found.id;
  }
  return runInTransaction(ctx, async (tx) => {
    const [run] = await tx
      .insert(runs)
      .values({
        workspaceId: ctx.workspace.id,
        kind: "live",
        name,
        metadata: metadata ?? {},
        environmentId,
        createdById: actorUserId(ctx.actor),
        source: name,
        format: LIVE_FORMAT,
        model: typeof metadata?.model === "string" ? metadata.model.slice(0, 500) : null,
        status: "running",
      })
      .returning({ id: runs.id });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "run.create",
      targetType: "run",
      targetId: run.id,
      details: { name, environment: environment ?? null },
    });
    return run;
  });
}

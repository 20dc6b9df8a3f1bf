import "server-only";
import { environments } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type CreateEnvironmentInput, createEnvironmentInput } from "./schemas";

export async function createEnvironment({ ctx, input }: { ctx: Ctx; input: CreateEnvironmentInput }) {
  assertCan(ctx, "environments.write");
  const data = parseInput(createEnvironmentInput, input);
  return runInTransaction(ctx, async (tx) => {
    const [environment] = await tx
      .insert(environments)
      .values({ ...data, workspaceId: ctx.workspace.id, createdById: actorUserId(ctx.actor) })
      .onConflictDoNothing({ target: [environments.workspaceId, environments.slug] })
      .returning();
    if (!environment) {
      throw new AppError(
        "conflict",
        `An environment with the slug "${data.slug}" already exists in this workspace.`,
        {
          fieldErrors: { slug: ["This slug is taken."] },
        },
      );
    }
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "environment.create",
      targetType: "environment",
      targetId: environment.id,
      details: { slug: data.slug, name: data.name },
    });
    return environment;
  });
}

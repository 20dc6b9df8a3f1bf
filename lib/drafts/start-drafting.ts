import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environmentDocuments, environments, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { enqueueJob } from "@/lib/jobs";
import { getProviderConfig } from "@/lib/providers/queries";
import { parseInput } from "@/lib/validation";
import { draftTasksJob } from "./draft-job";
import { type GenerateDraftsInput, generateDraftsInput } from "./schemas";

/** Queues a "Draft tasks" job after checking that what it names exists in the caller's workspace. */
export async function startDrafting({ ctx, input }: { ctx: Ctx; input: GenerateDraftsInput }) {
  assertCan(ctx, "environments.write");
  const data = parseInput(generateDraftsInput, input);
  const [environment] = await db
    .select({ id: environments.id })
    .from(environments)
    .where(and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.id, data.environmentId)));
  if (!environment) throw new AppError("not_found", "Environment not found.");
  if (data.mode !== "variant") {
    const [document] = await db
      .select({ id: environmentDocuments.id })
      .from(environmentDocuments)
      .where(
        and(
          eq(environmentDocuments.environmentId, environment.id),
          eq(environmentDocuments.id, data.documentId),
        ),
      );
    if (!document) throw new AppError("not_found", "Document not found in this environment.");
  } else {
    const [task] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.environmentId, environment.id), eq(tasks.id, data.taskId)));
    if (!task) throw new AppError("not_found", "Task not found in this environment.");
  }
  const providerId = data.mode === "flaw" ? undefined : data.providerId;
  if (providerId) await getProviderConfig({ ctx, id: providerId });
  return enqueueJob({ ctx, kind: draftTasksJob, payload: data });
}

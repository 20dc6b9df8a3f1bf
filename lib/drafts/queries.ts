import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { environmentDocuments, environments, taskDrafts, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";

// Reads of an environment's source documents and drafts. Drafts hold answer keys: authors only.

async function findEnvironmentId(ctx: Ctx, slug: string): Promise<string> {
  const [row] = await db
    .select({ id: environments.id })
    .from(environments)
    .where(and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.slug, slug)));
  if (!row) throw new AppError("not_found", `No environment "${slug}" in this workspace.`);
  return row.id;
}

export async function listDocuments({ ctx, environmentSlug }: { ctx: Ctx; environmentSlug: string }) {
  assertCan(ctx, "environments.write");
  const environmentId = await findEnvironmentId(ctx, environmentSlug);
  const rows = await db
    .select({
      id: environmentDocuments.id,
      name: environmentDocuments.name,
      mediaType: environmentDocuments.mediaType,
      size: environmentDocuments.size,
      pageStarts: environmentDocuments.pageStarts,
      createdAt: environmentDocuments.createdAt,
    })
    .from(environmentDocuments)
    .where(eq(environmentDocuments.environmentId, environmentId))
    .orderBy(desc(environmentDocuments.createdAt));
  return rows.map(({ pageStarts, ...r }) => ({ ...r, pages: pageStarts.length || null }));
}

export type DraftView = Awaited<ReturnType<typeof listDrafts>>[number];

export async function listDrafts({
  ctx,
  environmentSlug,
  statuses = ["proposed"],
}: {
  ctx: Ctx;
  environmentSlug: string;
  statuses?: ("proposed" | "accepted" | "discarded")[];
}) {
  assertCan(ctx, "environments.write");
  const environmentId = await findEnvironmentId(ctx, environmentSlug);
  const rows = await db
    .select({ draft: taskDrafts, acceptedKey: tasks.key })
    .from(taskDrafts)
    .leftJoin(tasks, eq(tasks.id, taskDrafts.acceptedTaskId))
    .where(and(eq(taskDrafts.environmentId, environmentId), inArray(taskDrafts.status, statuses)))
    .orderBy(desc(taskDrafts.createdAt), taskDrafts.position)
    .limit(200);
  return rows.map(({ draft, acceptedKey }) => {
    const content = draft.content as { title?: string; prompt?: string; answerKey?: string };
    return {
      id: draft.id,
      kind: draft.kind,
      status: draft.status,
      title: content.title ?? "Untitled",
      prompt: content.prompt ?? "",
      answerKey: content.answerKey ?? "",
      reason: draft.reason,
      citations: draft.citations,
      droppedCount: draft.dropped.length,
      exchangeCount: draft.exchanges.length,
      costUsd: draft.exchanges.reduce((sum, e) => sum + e.costUsd, 0),
      acceptedKey,
      createdAt: draft.createdAt.toISOString(),
    };
  });
}

/** The environment's tasks, for choosing what a variant starts from. */
export async function listTaskChoices({ ctx, environmentSlug }: { ctx: Ctx; environmentSlug: string }) {
  assertCan(ctx, "environments.write");
  const environmentId = await findEnvironmentId(ctx, environmentSlug);
  return db
    .select({ id: tasks.id, key: tasks.key, title: tasks.title })
    .from(tasks)
    .where(eq(tasks.environmentId, environmentId))
    .orderBy(tasks.key);
}

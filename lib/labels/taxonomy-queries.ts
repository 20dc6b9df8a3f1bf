import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { taxonomyCategories } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { ensureDefaultTaxonomy } from "./ensure-default-taxonomy";
import type { TaxonomyNode } from "./taxonomy-tree";

// Reads of the workspace taxonomy. The first read of a workspace seeds the default taxonomy.

/** Every category of the workspace, retired ones included (past labels still name them). */
export async function listTaxonomy({ ctx }: { ctx: Ctx }): Promise<TaxonomyNode[]> {
  assertCan(ctx, "review.work");
  await ensureDefaultTaxonomy(db, ctx.workspace.id);
  const rows = await db
    .select({
      id: taxonomyCategories.id,
      key: taxonomyCategories.key,
      family: taxonomyCategories.family,
      name: taxonomyCategories.name,
      description: taxonomyCategories.description,
      examples: taxonomyCategories.examples,
      parentId: taxonomyCategories.parentId,
      position: taxonomyCategories.position,
      retiredAt: taxonomyCategories.retiredAt,
    })
    .from(taxonomyCategories)
    .where(eq(taxonomyCategories.workspaceId, ctx.workspace.id))
    .orderBy(asc(taxonomyCategories.family), asc(taxonomyCategories.position), asc(taxonomyCategories.name));
  return rows.map(({ retiredAt, examples, ...row }) => ({
    ...row,
    examples: Array.isArray(examples) ? examples.filter((e): e is string => typeof e === "string") : [],
    isRetired: retiredAt !== null,
  }));
}

/** The keys a new label may use: the workspace's active categories. */
export async function listActiveCategoryKeys(executor: Executor, workspaceId: string): Promise<Set<string>> {
  await ensureDefaultTaxonomy(executor, workspaceId);
  const rows = await executor
    .select({ key: taxonomyCategories.key })
    .from(taxonomyCategories)
    .where(and(eq(taxonomyCategories.workspaceId, workspaceId), isNull(taxonomyCategories.retiredAt)));
  return new Set(rows.map((r) => r.key));
}

import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { taxonomyCategories } from "@/db/schema";
import { flattenDefaultTaxonomy } from "./taxonomy-defaults";

/**
 * Gives a workspace the default taxonomy the first time it is used. Idempotent and safe to race:
 * rows are inserted with ON CONFLICT DO NOTHING on (workspace, key), parents before children.
 * Returns whether this call seeded anything.
 */
export async function ensureDefaultTaxonomy(executor: Executor, workspaceId: string): Promise<boolean> {
  const [existing] = await executor
    .select({ id: taxonomyCategories.id })
    .from(taxonomyCategories)
    .where(eq(taxonomyCategories.workspaceId, workspaceId))
    .limit(1);
  if (existing) return false;
  const rows = flattenDefaultTaxonomy();
  const toRow = (row: (typeof rows)[number], parentId: string | null) => ({
    workspaceId,
    family: row.family,
    parentId,
    key: row.key,
    name: row.name,
    description: row.description,
    examples: row.examples ?? [],
    position: row.position,
  });
  const roots = rows.filter((row) => row.parentKey === null);
  const inserted = await executor
    .insert(taxonomyCategories)
    .values(roots.map((row) => toRow(row, null)))
    .onConflictDoNothing({ target: [taxonomyCategories.workspaceId, taxonomyCategories.key] })
    .returning({ id: taxonomyCategories.id });
  const parentKeys = [...new Set(rows.flatMap((row) => (row.parentKey ? [row.parentKey] : [])))];
  const parents = await executor
    .select({ id: taxonomyCategories.id, key: taxonomyCategories.key })
    .from(taxonomyCategories)
    .where(and(eq(taxonomyCategories.workspaceId, workspaceId), inArray(taxonomyCategories.key, parentKeys)));
  const parentIds = new Map(parents.map((p) => [p.key, p.id]));
  const children = rows.filter((row) => row.parentKey !== null);
  if (children.length > 0) {
    await executor
      .insert(taxonomyCategories)
      .values(children.map((row) => toRow(row, parentIds.get(row.parentKey!) ?? null)))
      .onConflictDoNothing({ target: [taxonomyCategories.workspaceId, taxonomyCategories.key] });
  }
  return inserted.length > 0;
}

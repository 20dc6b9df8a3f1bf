import "server-only";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { taxonomyCategories } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { TaxonomyFamily } from "@/lib/values/review-values";

/**
 * Checks that `parentId` may be the parent of a category of `family`: in the same workspace and
 * family, and not the category itself nor one of its descendants (no cycles).
 */
export async function assertValidParent(
  executor: Executor,
  {
    workspaceId,
    family,
    parentId,
    childId,
  }: { workspaceId: string; family: TaxonomyFamily; parentId: string; childId?: string },
): Promise<void> {
  const invalid = (message: string) =>
    new AppError("invalid", message, { fieldErrors: { parentId: [message] } });
  let cursor: string | null = parentId;
  for (let depth = 0; cursor !== null; depth += 1) {
    if (cursor === childId)
      throw invalid("A category cannot sit under itself or one of its own subcategories.");
    if (depth > 50) throw invalid("The taxonomy is nested too deeply.");
    const [row] = await executor
      .select({ parentId: taxonomyCategories.parentId, family: taxonomyCategories.family })
      .from(taxonomyCategories)
      .where(and(eq(taxonomyCategories.workspaceId, workspaceId), eq(taxonomyCategories.id, cursor)));
    if (!row) throw invalid("The parent category does not exist.");
    if (row.family !== family) throw invalid("A subcategory must be in the same family as its parent.");
    cursor = row.parentId;
  }
}

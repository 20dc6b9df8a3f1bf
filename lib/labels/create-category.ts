import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { taxonomyCategories } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { ensureDefaultTaxonomy } from "./ensure-default-taxonomy";
import { type CreateCategoryInput, createCategoryInput } from "./schemas";
import { assertValidParent } from "./taxonomy-parent";

/** Adds a category to the workspace taxonomy; its key is permanent (labels refer to it). */
export async function createCategory({ ctx, input }: { ctx: Ctx; input: CreateCategoryInput }) {
  assertCan(ctx, "taxonomy.manage");
  const data = parseInput(createCategoryInput, input);
  return runInTransaction(ctx, async (tx) => {
    await ensureDefaultTaxonomy(tx, ctx.workspace.id);
    if (data.parentId) {
      await assertValidParent(tx, {
        workspaceId: ctx.workspace.id,
        family: data.family,
        parentId: data.parentId,
      });
    }
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${taxonomyCategories.position}), -1)::int + 1` })
      .from(taxonomyCategories)
      .where(and(eq(taxonomyCategories.workspaceId, ctx.workspace.id)));
    const [row] = await tx
      .insert(taxonomyCategories)
      .values({ ...data, parentId: data.parentId ?? null, workspaceId: ctx.workspace.id, position: next })
      .onConflictDoNothing({ target: [taxonomyCategories.workspaceId, taxonomyCategories.key] })
      .returning({ id: taxonomyCategories.id, key: taxonomyCategories.key });
    if (!row) {
      throw new AppError(
        "conflict",
        `A category with the key "${data.key}" already exists (perhaps retired).`,
        {
          fieldErrors: { key: ["This key is taken"] },
        },
      );
    }
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "taxonomy.create",
      targetType: "taxonomy_category",
      targetId: row.id,
      details: { key: data.key, family: data.family, name: data.name },
    });
    return row;
  });
}

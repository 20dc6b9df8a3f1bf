import "server-only";
import { and, eq } from "drizzle-orm";
import { taxonomyCategories } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import {
  type SetCategoryRetiredInput,
  setCategoryRetiredInput,
  type UpdateCategoryInput,
  updateCategoryInput,
} from "./schemas";
import { assertValidParent } from "./taxonomy-parent";

async function findCategory(
  executor: Parameters<typeof assertValidParent>[0],
  workspaceId: string,
  id: string,
) {
  const [row] = await executor
    .select({ id: taxonomyCategories.id, key: taxonomyCategories.key, family: taxonomyCategories.family })
    .from(taxonomyCategories)
    .where(and(eq(taxonomyCategories.workspaceId, workspaceId), eq(taxonomyCategories.id, id)))
    .for("update");
  if (!row) throw new AppError("not_found", "Category not found.");
  return row;
}

/** Renames, redescribes or moves a category. The key stays, so past labels keep pointing at it. */
export async function updateCategory({ ctx, input }: { ctx: Ctx; input: UpdateCategoryInput }) {
  assertCan(ctx, "taxonomy.manage");
  const data = parseInput(updateCategoryInput, input);
  return runInTransaction(ctx, async (tx) => {
    const category = await findCategory(tx, ctx.workspace.id, data.id);
    if (data.parentId) {
      await assertValidParent(tx, {
        workspaceId: ctx.workspace.id,
        family: category.family,
        parentId: data.parentId,
        childId: category.id,
      });
    }
    const { id, ...fields } = data;
    await tx
      .update(taxonomyCategories)
      .set({ ...fields, parentId: fields.parentId ?? null })
      .where(and(eq(taxonomyCategories.workspaceId, ctx.workspace.id), eq(taxonomyCategories.id, id)));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "taxonomy.update",
      targetType: "taxonomy_category",
      targetId: id,
      details: { key: category.key, ...fields },
    });
    return { id, key: category.key };
  });
}

/** Retires a category (no longer offered for new labels; past labels keep it) or restores it. */
export async function setCategoryRetired({ ctx, input }: { ctx: Ctx; input: SetCategoryRetiredInput }) {
  assertCan(ctx, "taxonomy.manage");
  const data = parseInput(setCategoryRetiredInput, input);
  return runInTransaction(ctx, async (tx) => {
    const category = await findCategory(tx, ctx.workspace.id, data.id);
    await tx
      .update(taxonomyCategories)
      .set({ retiredAt: data.isRetired ? new Date() : null })
      .where(and(eq(taxonomyCategories.workspaceId, ctx.workspace.id), eq(taxonomyCategories.id, data.id)));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: data.isRetired ? "taxonomy.retire" : "taxonomy.restore",
      targetType: "taxonomy_category",
      targetId: data.id,
      details: { key: category.key },
    });
    return { id: data.id, key: category.key, isRetired: data.isRetired };
  });
}

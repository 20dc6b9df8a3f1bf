import "server-only";
import { environmentCostRates } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type UpdateCostRatesInput, updateCostRatesInput } from "./schemas";
import { getReportScope } from "./scope";

/** Saves an environment's cost rates (owners only), with an audit row in the same transaction. */
export async function updateCostRates({ ctx, input }: { ctx: Ctx; input: UpdateCostRatesInput }) {
  assertCan(ctx, "reports.configure");
  const { environment, ...rates } = parseInput(updateCostRatesInput, input);
  const scope = await getReportScope(ctx, environment);
  return runInTransaction(ctx, async (tx) => {
    const values = { ...rates, updatedById: actorUserId(ctx.actor) };
    const [row] = await tx
      .insert(environmentCostRates)
      .values({ workspaceId: scope.workspaceId, environmentId: scope.environmentId, ...values })
      .onConflictDoUpdate({
        target: environmentCostRates.environmentId,
        set: { ...values, updatedAt: new Date() },
      })
      .returning({ id: environmentCostRates.id });
    await recordAudit(tx, ctx.actor, {
      workspaceId: scope.workspaceId,
      action: "report.cost-rates.update",
      targetType: "environment",
      targetId: scope.environmentId,
      details: rates,
    });
    return { id: row.id, ...rates };
  });
}

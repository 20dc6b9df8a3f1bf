import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environmentCostRates } from "@/db/schema";
import type { CostRates } from "./schemas";
import type { ReportScope } from "./scope";

// The rates "one more task" is priced with: an environment's saved row, else these defaults (a
// senior expert's and a reviewer's hourly rate, and a frontier judge's list prices per million tokens).

export const DEFAULT_COST_RATES: CostRates = {
  authorHourlyRate: 120,
  reviewerHourlyRate: 80,
  judgeInputPricePerMillion: 3,
  judgeOutputPricePerMillion: 15,
  judgeInputTokensPerRollout: 20_000,
  judgeOutputTokensPerRollout: 1_500,
  rolloutsPerTask: 16,
  reviewedRolloutsPerTask: 4,
};

export type StoredCostRates = CostRates & { isDefault: boolean; updatedAt: Date | null };

export async function getCostRates(scope: ReportScope): Promise<StoredCostRates> {
  const [row] = await db
    .select()
    .from(environmentCostRates)
    .where(
      and(
        eq(environmentCostRates.workspaceId, scope.workspaceId),
        eq(environmentCostRates.environmentId, scope.environmentId),
      ),
    );
  if (!row) return { ...DEFAULT_COST_RATES, isDefault: true, updatedAt: null };
  return {
    authorHourlyRate: row.authorHourlyRate,
    reviewerHourlyRate: row.reviewerHourlyRate,
    judgeInputPricePerMillion: row.judgeInputPricePerMillion,
    judgeOutputPricePerMillion: row.judgeOutputPricePerMillion,
    judgeInputTokensPerRollout: row.judgeInputTokensPerRollout,
    judgeOutputTokensPerRollout: row.judgeOutputTokensPerRollout,
    rolloutsPerTask: row.rolloutsPerTask,
    reviewedRolloutsPerTask: row.reviewedRolloutsPerTask,
    isDefault: false,
    updatedAt: row.updatedAt,
  };
}

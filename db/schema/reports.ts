import { doublePrecision, index, integer, pgTable, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users, workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";
import { environments } from "./environments";

// The rates the environment report prices "one more task" with (issue #6). One row per environment,
// written by an owner; without a row the report uses the defaults in lib/reports/cost-rates.ts.

export const environmentCostRates = pgTable(
  "environment_cost_rates",
  {
    id: id(),
    workspaceId: workspaceRef(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    /** Per hour, in the workspace's currency (USD by convention). */
    authorHourlyRate: doublePrecision().notNull(),
    reviewerHourlyRate: doublePrecision().notNull(),
    /** Per million judge tokens. */
    judgeInputPricePerMillion: doublePrecision().notNull(),
    judgeOutputPricePerMillion: doublePrecision().notNull(),
    judgeInputTokensPerRollout: integer().notNull(),
    judgeOutputTokensPerRollout: integer().notNull(),
    /** Rollouts a new task is calibrated with (each graded by the judge). */
    rolloutsPerTask: integer().notNull(),
    /** Of those, how many a human reviews. */
    reviewedRolloutsPerTask: integer().notNull(),
    updatedById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("environment_cost_rates_environment_key").on(t.environmentId),
    index("environment_cost_rates_workspace_idx").on(t.workspaceId),
    index("environment_cost_rates_updated_by_idx").on(t.updatedById),
  ],
);

export type EnvironmentCostRates = typeof environmentCostRates.$inferSelect;

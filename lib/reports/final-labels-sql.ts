import type { SQL } from "drizzle-orm";
import { buildFinalLabelsCte } from "@/lib/labels/final-labels";
import type { ReportScope } from "./scope";

/**
 * The final-label CTEs (`cur`, `agg`, `adj`, `final`) of lib/labels for the report's workspace. Not
 * narrowed to the environment's rollouts: labels are human-made and few next to rollouts, so
 * resolving the workspace's labels and then joining rollouts of the environment by id is cheaper
 * than a semi-join over every rollout of a large environment. Callers join `rollouts` on the scope.
 */
export function buildReportFinalLabels(scope: ReportScope): SQL {
  return buildFinalLabelsCte(scope.workspaceId);
}

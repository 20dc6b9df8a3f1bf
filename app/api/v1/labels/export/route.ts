import { withRoute } from "@/lib/api/with-route";
import { exportLabels } from "@/lib/labels/export-labels";
import { exportLabelsInput } from "@/lib/labels/schemas";

export const GET = withRoute("GET /api/v1/labels/export", { query: exportLabelsInput }, ({ ctx, query }) =>
  exportLabels({ ctx, input: { ...query, current: query.current ? "true" : "false" } }),
);

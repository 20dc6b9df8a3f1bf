import { withRoute } from "@/lib/api/with-route";
import { getRunSummary } from "@/lib/runs/queries";

export const GET = withRoute("GET /api/v1/runs/[id]", {}, async ({ ctx, params }) =>
  getRunSummary({ ctx, id: params.id }),
);

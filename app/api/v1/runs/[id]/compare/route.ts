import { withRoute } from "@/lib/api/with-route";
import { compareRunSteps } from "@/lib/runs/compare-query";
import { compareStepsInput } from "@/lib/runs/schemas";

export const GET = withRoute(
  "GET /api/v1/runs/[id]/compare",
  { query: compareStepsInput },
  async ({ ctx, params, query }) => compareRunSteps({ ctx, id: params.id, input: query }),
);

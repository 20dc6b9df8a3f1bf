import { withRoute } from "@/lib/api/with-route";
import { getJudge } from "@/lib/judges/queries";

export const GET = withRoute("GET /api/v1/judges/[id]", {}, async ({ ctx, params }) =>
  getJudge({ ctx, judgeId: params.id }),
);

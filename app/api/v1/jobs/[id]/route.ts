import { withRoute } from "@/lib/api/with-route";
import { getJob } from "@/lib/jobs/queries";

export const GET = withRoute("GET /api/v1/jobs/[id]", {}, async ({ ctx, params }) =>
  getJob({ ctx, id: params.id }),
);

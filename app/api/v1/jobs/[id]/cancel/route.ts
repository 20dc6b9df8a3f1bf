import { withRoute } from "@/lib/api/with-route";
import { cancelJob } from "@/lib/jobs/cancel-job";

export const POST = withRoute("POST /api/v1/jobs/[id]/cancel", {}, async ({ ctx, params }) =>
  cancelJob({ ctx, id: params.id }),
);

import { withRoute } from "@/lib/api/with-route";
import { retryJob } from "@/lib/jobs/retry-job";

export const POST = withRoute("POST /api/v1/jobs/[id]/retry", {}, async ({ ctx, params }) =>
  retryJob({ ctx, id: params.id }),
);

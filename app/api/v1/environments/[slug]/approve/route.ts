import { withRoute } from "@/lib/api/with-route";
import { approveEnvironment } from "@/lib/versions/approve-environment";

export const POST = withRoute("POST /api/v1/environments/[slug]/approve", {}, async ({ ctx, params }) =>
  approveEnvironment({ ctx, slug: params.slug }),
);

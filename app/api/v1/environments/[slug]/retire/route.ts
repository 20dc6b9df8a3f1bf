import { withRoute } from "@/lib/api/with-route";
import { retireEnvironment } from "@/lib/versions/retire-environment";

export const POST = withRoute("POST /api/v1/environments/[slug]/retire", {}, async ({ ctx, params }) =>
  retireEnvironment({ ctx, slug: params.slug }),
);

import { withRoute } from "@/lib/api/with-route";
import { publishEnvironment } from "@/lib/versions/publish-environment";

export const POST = withRoute("POST /api/v1/environments/[slug]/publish", {}, async ({ ctx, params }) =>
  publishEnvironment({ ctx, slug: params.slug }),
);

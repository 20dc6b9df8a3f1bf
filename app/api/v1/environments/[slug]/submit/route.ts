import { withRoute } from "@/lib/api/with-route";
import { submitEnvironment } from "@/lib/versions/submit-environment";

export const POST = withRoute("POST /api/v1/environments/[slug]/submit", {}, async ({ ctx, params }) =>
  submitEnvironment({ ctx, slug: params.slug }),
);

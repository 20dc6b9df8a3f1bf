import { withRoute } from "@/lib/api/with-route";
import { listVersions } from "@/lib/versions/queries";

export const GET = withRoute("GET /api/v1/environments/[slug]/versions", {}, async ({ ctx, params }) => ({
  items: await listVersions({ ctx, slug: params.slug }),
  nextCursor: null,
}));

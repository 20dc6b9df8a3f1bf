import { withRoute } from "@/lib/api/with-route";
import { compareModels } from "@/lib/reports/queries";
import { compareQueryInput } from "@/lib/reports/schemas";

export const GET = withRoute(
  "GET /api/v1/environments/[slug]/compare",
  { query: compareQueryInput },
  async ({ ctx, query, params }) => compareModels({ ctx, slug: params.slug, input: query }),
);

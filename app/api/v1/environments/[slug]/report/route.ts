import { withRoute } from "@/lib/api/with-route";
import { toReportJson } from "@/lib/reports/api-schemas";
import { getEnvironmentReport } from "@/lib/reports/queries";
import { reportQueryInput } from "@/lib/reports/schemas";

// The response follows environmentReportOutput (tests parse it); not re-parsed per request, which
// would cost more than the queries at 10,000 tasks.
export const GET = withRoute(
  "GET /api/v1/environments/[slug]/report",
  { query: reportQueryInput },
  async ({ ctx, query, params }) =>
    toReportJson(await getEnvironmentReport({ ctx, slug: params.slug, input: query })),
);

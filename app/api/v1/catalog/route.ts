import { withRoute } from "@/lib/api/with-route";
import { catalogListOutput } from "@/lib/catalog/api-schemas";
import { catalogQueryInput } from "@/lib/catalog/cards";
import { listCatalog } from "@/lib/catalog/queries";

export const GET = withRoute("GET /api/v1/catalog", { query: catalogQueryInput }, async ({ ctx, query }) =>
  catalogListOutput.parse({ items: await listCatalog({ ctx, input: query }), nextCursor: null }),
);

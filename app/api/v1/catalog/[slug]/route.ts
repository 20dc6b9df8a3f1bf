import { withRoute } from "@/lib/api/with-route";
import { datasheetOutput } from "@/lib/catalog/api-schemas";
import { getDatasheet } from "@/lib/catalog/queries";

export const GET = withRoute("GET /api/v1/catalog/[slug]", {}, async ({ ctx, params }) =>
  datasheetOutput.parse(await getDatasheet({ ctx, slug: params.slug })),
);

import { withRoute } from "@/lib/api/with-route";
import { providerListQuery } from "@/lib/providers/api-schemas";
import { listProviders } from "@/lib/providers/queries";
import { createProvider } from "@/lib/providers/save-provider";
import { createProviderInput } from "@/lib/providers/schemas";

export const GET = withRoute(
  "GET /api/v1/providers",
  { query: providerListQuery },
  async ({ ctx, query }) => ({
    items: await listProviders({ ctx, includeArchived: query.archived === "1" }),
    nextCursor: null,
  }),
);

export const POST = withRoute(
  "POST /api/v1/providers",
  { body: createProviderInput, maxBodyBytes: 64 * 1024 },
  async ({ ctx, body }) => Response.json(await createProvider({ ctx, input: body }), { status: 201 }),
);

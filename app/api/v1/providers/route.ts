import { withRoute } from "@/lib/api/with-route";
import { providerListQuery } from "@/lib/providers/api-schemas";
import { listProviders } from "@/lib/providers/queries";
import { createProvider } from "@/lib/providers/save-provider";
import type { CreateProviderInput } from "@/lib/providers/schemas";
import { readJsonBody } from "@/lib/tasks/request-body";

export const GET = withRoute(
  "GET /api/v1/providers",
  { query: providerListQuery },
  async ({ ctx, query }) => ({
    items: await listProviders({ ctx: ctx!, includeArchived: query.archived === "1" }),
    nextCursor: null,
  }),
);

export const POST = withRoute("POST /api/v1/providers", {}, async ({ ctx, request }) => {
  const provider = await createProvider({
    ctx: ctx!,
    input: (await readJsonBody(request, 64 * 1024)) as CreateProviderInput,
  });
  return Response.json(provider, { status: 201 });
});

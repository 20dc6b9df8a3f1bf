import { withRoute } from "@/lib/api/with-route";
import { environmentListQuery } from "@/lib/environments/api-schemas";
import { createEnvironment } from "@/lib/environments/create-environment";
import { listEnvironments, toEnvironmentSummary } from "@/lib/environments/queries";
import { createEnvironmentInput } from "@/lib/environments/schemas";

export const GET = withRoute(
  "GET /api/v1/environments",
  { query: environmentListQuery },
  async ({ ctx, query }) => ({
    items: await listEnvironments({ ctx, includeArchived: query.archived === "1" }),
    nextCursor: null,
  }),
);

export const POST = withRoute(
  "POST /api/v1/environments",
  { body: createEnvironmentInput },
  async ({ ctx, body }) => {
    const environment = await createEnvironment({ ctx, input: body });
    return Response.json(toEnvironmentSummary(environment, 0), { status: 201 });
  },
);

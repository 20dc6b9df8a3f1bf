import { withRoute } from "@/lib/api/with-route";
import { environmentListQuery } from "@/lib/environments/api-schemas";
import { createEnvironment } from "@/lib/environments/create-environment";
import { listEnvironments, toEnvironmentSummary } from "@/lib/environments/queries";
import type { CreateEnvironmentInput } from "@/lib/environments/schemas";
import { readJsonBody } from "@/lib/tasks/request-body";

export const GET = withRoute(
  "GET /api/v1/environments",
  { query: environmentListQuery },
  async ({ ctx, query }) => ({
    items: await listEnvironments({ ctx: ctx!, includeArchived: query.archived === "1" }),
    nextCursor: null,
  }),
);

export const POST = withRoute("POST /api/v1/environments", {}, async ({ ctx, request }) => {
  const environment = await createEnvironment({
    ctx: ctx!,
    input: (await readJsonBody(request)) as CreateEnvironmentInput,
  });
  return Response.json(toEnvironmentSummary(environment, 0), { status: 201 });
});

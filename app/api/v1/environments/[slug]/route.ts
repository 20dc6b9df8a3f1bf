import { withRoute } from "@/lib/api/with-route";
import { getEnvironmentOverview, toEnvironmentSummary } from "@/lib/environments/queries";
import { updateEnvironmentInput } from "@/lib/environments/schemas";
import { updateEnvironment } from "@/lib/environments/update-environment";
import { toApiTask } from "@/lib/tasks/api-output";
import { listTaskDetails } from "@/lib/tasks/queries";

export const GET = withRoute("GET /api/v1/environments/[slug]", {}, async ({ ctx, params }) => {
  const {
    canWrite: _w,
    canReadAnswerKeys: _r,
    sharedRubrics: _s,
    ...environment
  } = await getEnvironmentOverview({ ctx, slug: params.slug });
  const tasks = await listTaskDetails({ ctx, environmentSlug: params.slug });
  return { ...environment, tasks: tasks.map(toApiTask) };
});

export const PATCH = withRoute(
  "PATCH /api/v1/environments/[slug]",
  { body: updateEnvironmentInput },
  async ({ ctx, params, body }) => {
    const updated = await updateEnvironment({ ctx, slug: params.slug, input: body });
    const { taskCount } = await getEnvironmentOverview({ ctx, slug: params.slug });
    return toEnvironmentSummary(updated, taskCount);
  },
);

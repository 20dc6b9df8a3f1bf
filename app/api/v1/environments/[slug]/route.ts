import { withRoute } from "@/lib/api/with-route";
import { getEnvironmentOverview, toEnvironmentSummary } from "@/lib/environments/queries";
import type { UpdateEnvironmentInput } from "@/lib/environments/schemas";
import { updateEnvironment } from "@/lib/environments/update-environment";
import { toApiTask } from "@/lib/tasks/api-output";
import { listTaskDetails } from "@/lib/tasks/queries";
import { readJsonBody } from "@/lib/tasks/request-body";

export const GET = withRoute("GET /api/v1/environments/[slug]", {}, async ({ ctx, params }) => {
  const {
    canWrite: _w,
    canReadAnswerKeys: _r,
    sharedRubrics: _s,
    ...environment
  } = await getEnvironmentOverview({
    ctx: ctx!,
    slug: params.slug,
  });
  const tasks = await listTaskDetails({ ctx: ctx!, environmentSlug: params.slug });
  return { ...environment, tasks: tasks.map(toApiTask) };
});

export const PATCH = withRoute("PATCH /api/v1/environments/[slug]", {}, async ({ ctx, params, request }) => {
  const updated = await updateEnvironment({
    ctx: ctx!,
    slug: params.slug,
    input: (await readJsonBody(request)) as UpdateEnvironmentInput,
  });
  const { taskCount } = await getEnvironmentOverview({ ctx: ctx!, slug: params.slug });
  return toEnvironmentSummary(updated, taskCount);
});

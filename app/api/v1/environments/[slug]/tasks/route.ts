import { withRoute } from "@/lib/api/with-route";
import { toApiTask } from "@/lib/tasks/api-output";
import { taskListQuery } from "@/lib/tasks/api-schemas";
import { createTask } from "@/lib/tasks/create-task";
import { getTaskDetail, listTaskDetails } from "@/lib/tasks/queries";
import { createTaskInput } from "@/lib/tasks/schemas";

export const GET = withRoute(
  "GET /api/v1/environments/[slug]/tasks",
  { query: taskListQuery },
  async ({ ctx, params, query }) => {
    const tasks = await listTaskDetails({
      ctx,
      environmentSlug: params.slug,
      includeArchived: query.archived === "1",
    });
    return { items: tasks.map(toApiTask), nextCursor: null };
  },
);

export const POST = withRoute(
  "POST /api/v1/environments/[slug]/tasks",
  { body: createTaskInput },
  async ({ ctx, params, body }) => {
    const created = await createTask({ ctx, environmentSlug: params.slug, input: body });
    return Response.json(toApiTask(await getTaskDetail({ ctx, taskId: created.id })), { status: 201 });
  },
);

import { withRoute } from "@/lib/api/with-route";
import { toApiTask } from "@/lib/tasks/api-output";
import { taskListQuery } from "@/lib/tasks/api-schemas";
import { createTask } from "@/lib/tasks/create-task";
import { getTaskDetail, listTaskDetails } from "@/lib/tasks/queries";
import { readJsonBody } from "@/lib/tasks/request-body";
import type { CreateTaskInput } from "@/lib/tasks/schemas";

export const GET = withRoute(
  "GET /api/v1/environments/[slug]/tasks",
  { query: taskListQuery },
  async ({ ctx, params, query }) => {
    const tasks = await listTaskDetails({
      ctx: ctx!,
      environmentSlug: params.slug,
      includeArchived: query.archived === "1",
    });
    return { items: tasks.map(toApiTask), nextCursor: null };
  },
);

export const POST = withRoute(
  "POST /api/v1/environments/[slug]/tasks",
  {},
  async ({ ctx, params, request }) => {
    const input = (await readJsonBody(request)) as CreateTaskInput;
    const created = await createTask({ ctx: ctx!, environmentSlug: params.slug, input });
    return Response.json(toApiTask(await getTaskDetail({ ctx: ctx!, taskId: created.id })), { status: 201 });
  },
);

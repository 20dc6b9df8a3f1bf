import { withRoute } from "@/lib/api/with-route";
import { toApiTask } from "@/lib/tasks/api-output";
import { getTaskDetail } from "@/lib/tasks/queries";
import { respondToSave } from "@/lib/tasks/respond-to-save";
import { updateTaskInput } from "@/lib/tasks/schemas";
import { updateTask } from "@/lib/tasks/update-task";

export const GET = withRoute("GET /api/v1/tasks/[id]", {}, async ({ ctx, params }) =>
  toApiTask(await getTaskDetail({ ctx, taskId: params.id })),
);

export const PATCH = withRoute(
  "PATCH /api/v1/tasks/[id]",
  { body: updateTaskInput },
  ({ ctx, params, body }) =>
    respondToSave(async () => {
      await updateTask({ ctx, taskId: params.id, input: body });
      return toApiTask(await getTaskDetail({ ctx, taskId: params.id }));
    }),
);

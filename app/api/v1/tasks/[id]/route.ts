import { withRoute } from "@/lib/api/with-route";
import { toApiTask } from "@/lib/tasks/api-output";
import { getTaskDetail } from "@/lib/tasks/queries";
import { readJsonBody, respondToSave } from "@/lib/tasks/request-body";
import type { UpdateTaskInput } from "@/lib/tasks/schemas";
import { updateTask } from "@/lib/tasks/update-task";

export const GET = withRoute("GET /api/v1/tasks/[id]", {}, async ({ ctx, params }) =>
  toApiTask(await getTaskDetail({ ctx: ctx!, taskId: params.id })),
);

export const PATCH = withRoute("PATCH /api/v1/tasks/[id]", {}, async ({ ctx, params, request }) => {
  const input = (await readJsonBody(request)) as UpdateTaskInput;
  return respondToSave(async () => {
    await updateTask({ ctx: ctx!, taskId: params.id, input });
    return toApiTask(await getTaskDetail({ ctx: ctx!, taskId: params.id }));
  });
});

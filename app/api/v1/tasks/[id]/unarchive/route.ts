import { withRoute } from "@/lib/api/with-route";
import { toApiTask } from "@/lib/tasks/api-output";
import { setTaskArchived } from "@/lib/tasks/archive-task";
import { getTaskDetail } from "@/lib/tasks/queries";

export const POST = withRoute("POST /api/v1/tasks/[id]/unarchive", {}, async ({ ctx, params }) => {
  await setTaskArchived({ ctx, taskId: params.id, isArchived: false });
  return toApiTask(await getTaskDetail({ ctx, taskId: params.id }));
});

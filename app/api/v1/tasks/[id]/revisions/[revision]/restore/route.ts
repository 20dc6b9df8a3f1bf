import { withRoute } from "@/lib/api/with-route";
import { toApiTask } from "@/lib/tasks/api-output";
import { restoreRevisionBody } from "@/lib/tasks/api-schemas";
import { getTaskDetail } from "@/lib/tasks/queries";
import { respondToSave } from "@/lib/tasks/respond-to-save";
import { restoreRevision } from "@/lib/tasks/restore-revision";

export const POST = withRoute(
  "POST /api/v1/tasks/[id]/revisions/[revision]/restore",
  { body: restoreRevisionBody, maxBodyBytes: 4 * 1024 },
  ({ ctx, params, body }) =>
    respondToSave(async () => {
      await restoreRevision({
        ctx,
        taskId: params.id,
        revision: params.revision,
        baseRevision: body.revision,
      });
      return toApiTask(await getTaskDetail({ ctx, taskId: params.id }));
    }),
);

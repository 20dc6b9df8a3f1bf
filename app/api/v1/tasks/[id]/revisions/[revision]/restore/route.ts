import { z } from "zod";
import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";
import { toApiTask } from "@/lib/tasks/api-output";
import { getTaskDetail } from "@/lib/tasks/queries";
import { readJsonBody, respondToSave } from "@/lib/tasks/request-body";
import { restoreRevision } from "@/lib/tasks/restore-revision";
import { parseInput } from "@/lib/validation";

const body = z.object({ revision: z.number().int().min(0) });

export const POST = withRoute(
  "POST /api/v1/tasks/[id]/revisions/[revision]/restore",
  {},
  async ({ ctx, params, request }) => {
    const revision = Number(params.revision);
    if (!Number.isInteger(revision) || revision < 1) throw new AppError("not_found", "Revision not found.");
    const { revision: baseRevision } = parseInput(body, await readJsonBody(request, 4 * 1024));
    return respondToSave(async () => {
      await restoreRevision({ ctx: ctx!, taskId: params.id, revision, baseRevision });
      return toApiTask(await getTaskDetail({ ctx: ctx!, taskId: params.id }));
    });
  },
);

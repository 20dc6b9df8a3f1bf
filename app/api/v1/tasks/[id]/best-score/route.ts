import { withRoute } from "@/lib/api/with-route";
import { recordBestScore } from "@/lib/tasks/record-best-score";
import { readJsonBody } from "@/lib/tasks/request-body";

export const POST = withRoute("POST /api/v1/tasks/[id]/best-score", {}, async ({ ctx, params, request }) =>
  recordBestScore({ ctx: ctx!, taskId: params.id, input: (await readJsonBody(request, 16 * 1024)) as never }),
);

import { withRoute } from "@/lib/api/with-route";
import { recordBestScore } from "@/lib/tasks/record-best-score";
import { recordBestScoreInput } from "@/lib/tasks/schemas";

export const POST = withRoute(
  "POST /api/v1/tasks/[id]/best-score",
  { body: recordBestScoreInput, maxBodyBytes: 16 * 1024 },
  ({ ctx, params, body }) => recordBestScore({ ctx, taskId: params.id, input: body }),
);

import { withRoute } from "@/lib/api/with-route";
import { tryJudgeBody } from "@/lib/judges/schemas";
import { tryJudge } from "@/lib/judges/try-judge";

export const POST = withRoute(
  "POST /api/v1/judges/[id]/try",
  { body: tryJudgeBody, maxBodyBytes: 1024 * 1024 },
  async ({ ctx, params, body }) => tryJudge({ ctx, input: { ...body, judgeId: params.id } }),
);

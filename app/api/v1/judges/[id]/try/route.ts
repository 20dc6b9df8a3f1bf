import { withRoute } from "@/lib/api/with-route";
import type { TryJudgeInput } from "@/lib/judges/schemas";
import { tryJudge } from "@/lib/judges/try-judge";
import { readJsonBody } from "@/lib/tasks/request-body";

export const POST = withRoute("POST /api/v1/judges/[id]/try", {}, async ({ ctx, params, request }) => {
  const body = (await readJsonBody(request, 1024 * 1024)) as Omit<TryJudgeInput, "judgeId">;
  return tryJudge({ ctx: ctx!, input: { ...body, judgeId: params.id } });
});

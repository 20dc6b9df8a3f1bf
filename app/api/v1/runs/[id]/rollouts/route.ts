import { withRoute } from "@/lib/api/with-route";
import { afterLiveRolloutsStored } from "@/lib/pipeline/after-rollouts-stored";
import { appendRollouts } from "@/lib/runs/append-rollouts";
import { appendRolloutsInput, BATCH_BODY_LIMIT } from "@/lib/runs/schemas";

export const POST = withRoute(
  "POST /api/v1/runs/[id]/rollouts",
  { body: appendRolloutsInput, ...BATCH_BODY_LIMIT },
  async ({ ctx, params, body }) => {
    const answer = await appendRollouts({ ctx, runId: params.id, input: body });
    afterLiveRolloutsStored(ctx);
    return answer;
  },
);

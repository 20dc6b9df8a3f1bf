import { withRoute } from "@/lib/api/with-route";
import { afterLiveRolloutsStored } from "@/lib/pipeline/after-rollouts-stored";
import { appendMessages } from "@/lib/runs/append-messages";
import { appendMessagesInput, BATCH_BODY_LIMIT } from "@/lib/runs/schemas";

export const POST = withRoute(
  "POST /api/v1/runs/[id]/rollouts/[key]/messages",
  { body: appendMessagesInput, ...BATCH_BODY_LIMIT },
  async ({ ctx, params, body }) => {
    const answer = await appendMessages({ ctx, runId: params.id, key: params.key, input: body });
    if (answer.status === "appended") afterLiveRolloutsStored(ctx);
    return answer;
  },
);

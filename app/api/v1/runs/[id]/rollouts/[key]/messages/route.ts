import { withRoute } from "@/lib/api/with-route";
import { appendMessages } from "@/lib/runs/append-messages";
import { type AppendMessagesInput, MAX_BATCH_BODY_BYTES } from "@/lib/runs/schemas";
import { readJsonBody } from "@/lib/tasks/request-body";

export const POST = withRoute(
  "POST /api/v1/runs/[id]/rollouts/[key]/messages",
  {},
  async ({ ctx, request, params }) =>
    appendMessages({
      ctx: ctx!,
      runId: params.id,
      key: params.key,
      input: (await readJsonBody(request, MAX_BATCH_BODY_BYTES)) as AppendMessagesInput,
    }),
);

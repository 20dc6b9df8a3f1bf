import { withRoute } from "@/lib/api/with-route";
import { appendRollouts } from "@/lib/runs/append-rollouts";
import { MAX_BATCH_BODY_BYTES } from "@/lib/runs/schemas";
import { readJsonBody } from "@/lib/tasks/request-body";

export const POST = withRoute("POST /api/v1/runs/[id]/rollouts", {}, async ({ ctx, request, params }) =>
  appendRollouts({ ctx: ctx!, runId: params.id, input: await readJsonBody(request, MAX_BATCH_BODY_BYTES) }),
);

import { withRoute } from "@/lib/api/with-route";
import { dismissFinding } from "@/lib/tasks/dismiss-finding";
import { readJsonBody } from "@/lib/tasks/request-body";
import type { DismissFindingInput } from "@/lib/tasks/schemas";

export const POST = withRoute("POST /api/v1/tasks/[id]/dismissals", {}, async ({ ctx, params, request }) => {
  const input = (await readJsonBody(request, 64 * 1024)) as DismissFindingInput;
  return Response.json(await dismissFinding({ ctx: ctx!, taskId: params.id, input }), { status: 201 });
});

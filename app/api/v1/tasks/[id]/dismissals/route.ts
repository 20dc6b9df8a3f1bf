import { withRoute } from "@/lib/api/with-route";
import { dismissFinding } from "@/lib/tasks/dismiss-finding";
import { dismissFindingInput } from "@/lib/tasks/schemas";

export const POST = withRoute(
  "POST /api/v1/tasks/[id]/dismissals",
  { body: dismissFindingInput, maxBodyBytes: 64 * 1024 },
  async ({ ctx, params, body }) =>
    Response.json(await dismissFinding({ ctx, taskId: params.id, input: body }), { status: 201 }),
);

import { withRoute } from "@/lib/api/with-route";
import { createLiveRun } from "@/lib/runs/create-run";
import { createRunInput } from "@/lib/runs/schemas";

export const POST = withRoute("POST /api/v1/runs", { body: createRunInput }, async ({ ctx, body }) =>
  Response.json(await createLiveRun({ ctx, input: body }), { status: 201 }),
);

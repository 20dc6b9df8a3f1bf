import { withRoute } from "@/lib/api/with-route";
import { createLiveRun } from "@/lib/runs/create-run";
import type { CreateRunInput } from "@/lib/runs/schemas";
import { readJsonBody } from "@/lib/tasks/request-body";

export const POST = withRoute("POST /api/v1/runs", {}, async ({ ctx, request }) => {
  const run = await createLiveRun({ ctx: ctx!, input: (await readJsonBody(request)) as CreateRunInput });
  return Response.json(run, { status: 201 });
});

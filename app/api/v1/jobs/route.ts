import { withRoute } from "@/lib/api/with-route";
import { startJobFromApi } from "@/lib/jobs/start-from-api";
import { readJsonBody } from "@/lib/tasks/request-body";

export const POST = withRoute("POST /api/v1/jobs", {}, async ({ ctx, request }) => {
  const job = await startJobFromApi({ ctx: ctx!, input: await readJsonBody(request, 256 * 1024) });
  return Response.json(job, { status: 201 });
});

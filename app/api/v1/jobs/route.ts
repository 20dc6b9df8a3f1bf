import { withRoute } from "@/lib/api/with-route";
import { jobListQuery } from "@/lib/jobs/api-schemas";
import { startJobFromApi } from "@/lib/jobs/api-starters";
import { listJobs } from "@/lib/jobs/queries";
import { readJsonBody } from "@/lib/tasks/request-body";

export const GET = withRoute("GET /api/v1/jobs", { query: jobListQuery }, async ({ ctx, query }) =>
  listJobs({ ctx: ctx!, input: query }),
);

export const POST = withRoute("POST /api/v1/jobs", {}, async ({ ctx, request }) => {
  const job = await startJobFromApi({ ctx: ctx!, body: await readJsonBody(request, 64 * 1024) });
  return Response.json({ id: job.id }, { status: 202 });
});

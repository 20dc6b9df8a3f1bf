import { withRoute } from "@/lib/api/with-route";
import { jobListQuery } from "@/lib/jobs/api-schemas";
import { listJobs } from "@/lib/jobs/queries";
import { startJobFromApi } from "@/lib/jobs/start-from-api";
import { readJsonBody } from "@/lib/tasks/request-body";

export const GET = withRoute("GET /api/v1/jobs", { query: jobListQuery }, async ({ ctx, query }) =>
  listJobs({ ctx: ctx!, input: query }),
);

export const POST = withRoute("POST /api/v1/jobs", {}, async ({ ctx, request }) => {
  const job = await startJobFromApi({ ctx: ctx!, input: await readJsonBody(request, 256 * 1024) });
  return Response.json(job, { status: 201 });
});

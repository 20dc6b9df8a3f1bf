import { withRoute } from "@/lib/api/with-route";
import { jobListQuery } from "@/lib/jobs/api-schemas";
import { listJobs } from "@/lib/jobs/queries";
import { startJobBody, startJobFromApi } from "@/lib/pipeline/start-job-from-api";

export const GET = withRoute("GET /api/v1/jobs", { query: jobListQuery }, async ({ ctx, query }) =>
  listJobs({ ctx, input: query }),
);

export const POST = withRoute(
  "POST /api/v1/jobs",
  { body: startJobBody, maxBodyBytes: 256 * 1024 },
  async ({ ctx, body }) => Response.json(await startJobFromApi({ ctx, input: body }), { status: 201 }),
);

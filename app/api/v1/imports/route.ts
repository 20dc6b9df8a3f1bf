import { withRoute } from "@/lib/api/with-route";
import { importQuery } from "@/lib/imports/api-schemas";
import { finishImport, startUploadImport } from "@/lib/imports/start-import";

export const POST = withRoute(
  "POST /api/v1/imports",
  { query: importQuery },
  async ({ request, ctx, query }) => {
    const { run, job } = await startUploadImport({
      ctx,
      request,
      options: { format: query.format, environment: query.environment, rewardKey: query.rewardKey },
      fallbackName: query.filename,
    });
    if (query.background === "1") return Response.json({ run: run.id, job: job.id }, { status: 202 });
    return finishImport({ job });
  },
);

import { withRoute } from "@/lib/api/with-route";
import { readRawBody } from "@/lib/http/read-body";
import { taskExportQuery } from "@/lib/tasks/api-schemas";
import { importTasks, MAX_IMPORT_BYTES } from "@/lib/tasks/transfer/import-tasks";

export const POST = withRoute(
  "POST /api/v1/environments/[slug]/tasks/import",
  { query: taskExportQuery },
  async ({ ctx, params, query, request }) => {
    const text = (await readRawBody(request, MAX_IMPORT_BYTES)).toString("utf8");
    return importTasks({ ctx, environmentSlug: params.slug, format: query.format, text });
  },
);

import { withRoute } from "@/lib/api/with-route";
import { taskExportQuery } from "@/lib/tasks/api-schemas";
import { exportTasks } from "@/lib/tasks/transfer/export-tasks";

export const GET = withRoute(
  "GET /api/v1/environments/[slug]/tasks/export",
  { query: taskExportQuery },
  async ({ ctx, params, query }) => {
    const text = await exportTasks({ ctx, environmentSlug: params.slug, format: query.format });
    const type = query.format === "csv" ? "text/csv" : "application/x-ndjson";
    return new Response(text, {
      headers: {
        "content-type": `${type}; charset=utf-8`,
        "content-disposition": `attachment; filename="${params.slug}-tasks.${query.format}"`,
      },
    });
  },
);

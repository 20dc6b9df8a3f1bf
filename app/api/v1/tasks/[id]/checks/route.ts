import { withRoute } from "@/lib/api/with-route";
import { getTaskChecks } from "@/lib/tasks/check-queries";

export const GET = withRoute("GET /api/v1/tasks/[id]/checks", {}, async ({ ctx, params }) => {
  const { revision, requirements, findings, coverage } = await getTaskChecks({
    ctx,
    taskId: params.id,
  });
  return { revision, findings, requirements, coverage };
});

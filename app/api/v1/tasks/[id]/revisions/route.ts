import { withRoute } from "@/lib/api/with-route";
import { listRevisions } from "@/lib/tasks/revision-queries";

export const GET = withRoute("GET /api/v1/tasks/[id]/revisions", {}, async ({ ctx, params }) => ({
  items: await listRevisions({ ctx, taskId: params.id }),
  nextCursor: null,
}));

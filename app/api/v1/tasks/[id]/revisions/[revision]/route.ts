import { withRoute } from "@/lib/api/with-route";
import { getRevision } from "@/lib/tasks/revision-queries";

export const GET = withRoute("GET /api/v1/tasks/[id]/revisions/[revision]", {}, ({ ctx, params }) =>
  getRevision({ ctx, taskId: params.id, revision: params.revision }),
);

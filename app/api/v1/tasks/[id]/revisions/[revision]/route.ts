import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";
import { getRevision } from "@/lib/tasks/revision-queries";

export const GET = withRoute("GET /api/v1/tasks/[id]/revisions/[revision]", {}, async ({ ctx, params }) => {
  const revision = Number(params.revision);
  if (!Number.isInteger(revision) || revision < 1) throw new AppError("not_found", "Revision not found.");
  return getRevision({ ctx: ctx!, taskId: params.id, revision });
});

import { withRoute } from "@/lib/api/with-route";
import { getAttackRun } from "@/lib/grader-attacks/queries";

export const GET = withRoute("GET /api/v1/environments/[slug]/attacks/[id]", {}, async ({ ctx, params }) =>
  getAttackRun({ ctx, slug: params.slug, jobId: params.id }),
);

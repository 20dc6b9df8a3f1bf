import { withRoute } from "@/lib/api/with-route";
import { listRunSteps } from "@/lib/runs/queries";

export const GET = withRoute("GET /api/v1/runs/[id]/steps", {}, async ({ ctx, params }) => ({
  items: await listRunSteps({ ctx, id: params.id }),
  nextCursor: null,
}));

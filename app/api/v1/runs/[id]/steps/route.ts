import { withRoute } from "@/lib/api/with-route";
import { listRunSteps } from "@/lib/runs/queries";

export const GET = withRoute("GET /api/v1/runs/[id]/steps", {}, async ({ ctx, params, request }) => ({
  // The request's signal: a client that gives up cancels its queries.
  items: await listRunSteps({ ctx, id: params.id, signal: request.signal }),
  nextCursor: null,
}));

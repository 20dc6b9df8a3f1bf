import { withRoute } from "@/lib/api/with-route";
import { listRollouts } from "@/lib/rollouts/queries";
import { rolloutFilterInput } from "@/lib/rollouts/schemas";

export const GET = withRoute(
  "GET /api/v1/rollouts",
  { query: rolloutFilterInput },
  ({ ctx, query, request }) =>
    // The request's signal: a client that gives up cancels its query.
    listRollouts({ ctx, input: query, signal: request.signal }),
);

import { withRoute } from "@/lib/api/with-route";
import { findInTranscriptInput } from "@/lib/rollouts/schemas";
import { findInTranscript, getRollout } from "@/lib/rollouts/transcript-queries";

export const GET = withRoute(
  "GET /api/v1/rollouts/[id]/find",
  { query: findInTranscriptInput },
  async ({ ctx, query, params }) => {
    await getRollout({ ctx, id: params.id });
    return findInTranscript({ ctx, rolloutId: params.id, q: query.q });
  },
);

import { withRoute } from "@/lib/api/with-route";
import { messageWindowInput } from "@/lib/rollouts/schemas";
import { getRollout, listMessages } from "@/lib/rollouts/transcript-queries";

export const GET = withRoute(
  "GET /api/v1/rollouts/[id]/messages",
  { query: messageWindowInput },
  async ({ ctx, query, params }) => {
    const { messageCount } = await getRollout({ ctx, id: params.id });
    const messages = await listMessages({ ctx, rolloutId: params.id, input: query });
    const end = query.offset + query.limit;
    return { messages, nextOffset: end < messageCount ? end : null };
  },
);

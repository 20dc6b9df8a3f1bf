import { withRoute } from "@/lib/api/with-route";
import { messageWindowInput } from "@/lib/rollouts/schemas";
import { getRollout, listMessages } from "@/lib/rollouts/transcript-queries";

export const GET = withRoute(
  "GET /api/v1/rollouts/[id]",
  { query: messageWindowInput },
  async ({ ctx, query, params }) => {
    const {
      taskKey,
      environmentName: _name,
      taskTitle: _title,
      ...rollout
    } = await getRollout({ ctx, id: params.id });
    const messages = await listMessages({ ctx, rolloutId: rollout.id, input: query });
    const end = query.offset + query.limit;
    return { ...rollout, task: taskKey, messages, nextOffset: end < rollout.messageCount ? end : null };
  },
);

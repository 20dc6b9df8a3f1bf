import { withRoute } from "@/lib/api/with-route";
import { getQueueAgreement } from "@/lib/queues/agreement-queries";

export const GET = withRoute("GET /api/v1/queues/[id]/agreement", {}, async ({ ctx, params }) => {
  const { queue, agreement } = await getQueueAgreement({ ctx, queueId: params.id });
  return {
    queue: { id: queue.id, name: queue.name, overlap: queue.overlap, itemCount: queue.itemCount },
    ...agreement,
  };
});

import { withRoute } from "@/lib/api/with-route";
import { formatAgentMessage } from "@/lib/tasks/agent-view";
import { getAgentView } from "@/lib/tasks/queries";

export const GET = withRoute("GET /api/v1/tasks/[id]/preview", {}, async ({ ctx, params }) => {
  const view = await getAgentView({ ctx, taskId: params.id });
  return { ...view, message: formatAgentMessage(view) };
});

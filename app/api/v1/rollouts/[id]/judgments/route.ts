import { withRoute } from "@/lib/api/with-route";
import { listRolloutJudgments } from "@/lib/judges/queries";
import { getRollout } from "@/lib/rollouts/transcript-queries";

export const GET = withRoute("GET /api/v1/rollouts/[id]/judgments", {}, async ({ ctx, params }) => {
  const rollout = await getRollout({ ctx, id: params.id });
  return { items: await listRolloutJudgments({ ctx, rolloutId: rollout.id }) };
});

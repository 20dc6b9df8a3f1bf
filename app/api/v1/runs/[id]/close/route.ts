import { withRoute } from "@/lib/api/with-route";
import { closeLiveRun } from "@/lib/runs/close-run";

export const POST = withRoute("POST /api/v1/runs/[id]/close", {}, async ({ ctx, params }) =>
  closeLiveRun({ ctx, runId: params.id }),
);

import { withRoute } from "@/lib/api/with-route";
import { calibrationQuery } from "@/lib/judges/api-schemas";
import { getJudgeCalibration } from "@/lib/judges/calibration-view";

export const GET = withRoute(
  "GET /api/v1/judges/[id]/calibration",
  { query: calibrationQuery },
  async ({ ctx, params, query }) => getJudgeCalibration({ ctx, judgeId: params.id, version: query.version }),
);

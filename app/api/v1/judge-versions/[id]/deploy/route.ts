import { withRoute } from "@/lib/api/with-route";
import { deployJudgeVersion } from "@/lib/judges/deploy-judge";

export const POST = withRoute("POST /api/v1/judge-versions/[id]/deploy", {}, async ({ ctx, params }) => {
  const { id, version, report } = await deployJudgeVersion({ ctx, versionId: params.id });
  return { id, version, status: "deployed", heldOut: report.heldOut.overall };
});

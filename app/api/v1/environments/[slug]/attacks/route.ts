import { withRoute } from "@/lib/api/with-route";
import { startAttackBody } from "@/lib/grader-attacks/api-schemas";
import { listAttackRuns } from "@/lib/grader-attacks/queries";
import { startAttack } from "@/lib/grader-attacks/start-attack";
import { getJob } from "@/lib/jobs/queries";

export const GET = withRoute("GET /api/v1/environments/[slug]/attacks", {}, async ({ ctx, params }) => ({
  items: await listAttackRuns({ ctx, slug: params.slug }),
  nextCursor: null,
}));

export const POST = withRoute(
  "POST /api/v1/environments/[slug]/attacks",
  { body: startAttackBody },
  async ({ ctx, params, body }) => {
    const { jobId } = await startAttack({
      ctx,
      input: {
        slug: params.slug,
        version: body.version ?? null,
        format: body.format ?? null,
        provider: body.provider ?? null,
        modelAttacks: body.modelAttacks,
      },
    });
    return Response.json({ job: await getJob({ ctx, id: jobId }) }, { status: 202 });
  },
);

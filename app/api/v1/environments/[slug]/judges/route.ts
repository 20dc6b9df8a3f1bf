import { withRoute } from "@/lib/api/with-route";
import { createJudge } from "@/lib/judges/create-judge";
import { listJudges } from "@/lib/judges/queries";
import { createJudgeInput } from "@/lib/judges/schemas";

export const GET = withRoute("GET /api/v1/environments/[slug]/judges", {}, async ({ ctx, params }) => ({
  items: await listJudges({ ctx, environmentSlug: params.slug }),
  nextCursor: null,
}));

export const POST = withRoute(
  "POST /api/v1/environments/[slug]/judges",
  { body: createJudgeInput, maxBodyBytes: 256 * 1024 },
  async ({ ctx, params, body }) => {
    const judge = await createJudge({ ctx, environmentSlug: params.slug, input: body });
    return Response.json(judge, { status: 201 });
  },
);

import { withRoute } from "@/lib/api/with-route";
import { createJudge } from "@/lib/judges/create-judge";
import { listJudges } from "@/lib/judges/queries";
import type { CreateJudgeInput } from "@/lib/judges/schemas";
import { readJsonBody } from "@/lib/tasks/request-body";

export const GET = withRoute("GET /api/v1/environments/[slug]/judges", {}, async ({ ctx, params }) => ({
  items: await listJudges({ ctx: ctx!, environmentSlug: params.slug }),
  nextCursor: null,
}));

export const POST = withRoute(
  "POST /api/v1/environments/[slug]/judges",
  {},
  async ({ ctx, params, request }) => {
    const judge = await createJudge({
      ctx: ctx!,
      environmentSlug: params.slug,
      input: (await readJsonBody(request, 256 * 1024)) as CreateJudgeInput,
    });
    return Response.json(judge, { status: 201 });
  },
);

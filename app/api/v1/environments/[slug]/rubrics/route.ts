import { withRoute } from "@/lib/api/with-route";
import { listSharedRubrics } from "@/lib/rubrics/queries";
import { createSharedRubric } from "@/lib/rubrics/save-rubric";
import { sharedRubricInput } from "@/lib/rubrics/schemas";

export const GET = withRoute("GET /api/v1/environments/[slug]/rubrics", {}, async ({ ctx, params }) => ({
  items: await listSharedRubrics({ ctx, environmentSlug: params.slug }),
  nextCursor: null,
}));

export const POST = withRoute(
  "POST /api/v1/environments/[slug]/rubrics",
  { body: sharedRubricInput },
  async ({ ctx, params, body }) => {
    const rubric = await createSharedRubric({ ctx, environmentSlug: params.slug, input: body });
    return Response.json(rubric, { status: 201 });
  },
);

import { withRoute } from "@/lib/api/with-route";
import { listSharedRubrics } from "@/lib/rubrics/queries";
import { createSharedRubric } from "@/lib/rubrics/save-rubric";
import type { SharedRubricInput } from "@/lib/rubrics/schemas";
import { readJsonBody } from "@/lib/tasks/request-body";

export const GET = withRoute("GET /api/v1/environments/[slug]/rubrics", {}, async ({ ctx, params }) => ({
  items: await listSharedRubrics({ ctx: ctx!, environmentSlug: params.slug }),
  nextCursor: null,
}));

export const POST = withRoute(
  "POST /api/v1/environments/[slug]/rubrics",
  {},
  async ({ ctx, params, request }) => {
    const rubric = await createSharedRubric({
      ctx: ctx!,
      environmentSlug: params.slug,
      input: (await readJsonBody(request)) as SharedRubricInput,
    });
    return Response.json(rubric, { status: 201 });
  },
);

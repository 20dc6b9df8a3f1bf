import { withRoute } from "@/lib/api/with-route";
import { reviewFlag } from "@/lib/scanners/review-flag";
import { reviewFlagBody } from "@/lib/scanners/schemas";

export const POST = withRoute(
  "POST /api/v1/flags/[id]/reviews",
  { body: reviewFlagBody },
  async ({ ctx, params, body }) => {
    const review = await reviewFlag({ ctx, input: { ...body, flagId: params.id } });
    return Response.json(review, { status: 201 });
  },
);

import { z } from "zod";
import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";
import { reviewFlag } from "@/lib/scanners/review-flag";

export const POST = withRoute("POST /api/v1/flags/[id]/reviews", {}, async ({ request, ctx, params }) => {
  if (!ctx || !z.uuid().safeParse(params.id).success) throw new AppError("not_found", "Flag not found.");
  const body: unknown = await request.json().catch(() => {
    throw new AppError("bad_request", "The body must be JSON.");
  });
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
  // The flag comes from the path; the verb parses the rest of the body with its zod schema.
  const review = await reviewFlag({ ctx, input: { ...fields, flagId: params.id } as never });
  return Response.json(review, { status: 201 });
});

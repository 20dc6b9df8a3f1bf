import { z } from "zod";
import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";
import { toLabelJson } from "@/lib/labels/export-format";
import { getLabel } from "@/lib/labels/queries";
import { submitLabel } from "@/lib/labels/submit-label";

const MAX_BODY_BYTES = 5_000_000;

export const POST = withRoute("POST /api/v1/rollouts/[id]/labels", {}, async ({ request, ctx, params }) => {
  if (!ctx || !z.uuid().safeParse(params.id).success) throw new AppError("not_found", "Rollout not found.");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    throw new AppError("too_large", "A label body is at most 5 MB.");
  }
  const body: unknown = await request.json().catch(() => {
    throw new AppError("bad_request", "The body must be JSON.");
  });
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
  // The rollout comes from the path; the verb parses the rest of the body with its zod schema.
  const stored = await submitLabel({ ctx, input: { ...fields, rolloutId: params.id } as never });
  return Response.json(toLabelJson(await getLabel({ ctx, id: stored.id })), { status: 201 });
});

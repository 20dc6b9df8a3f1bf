import { withRoute } from "@/lib/api/with-route";
import { toLabelJson } from "@/lib/labels/export-format";
import { getLabel } from "@/lib/labels/queries";
import { labelBody } from "@/lib/labels/schemas";
import { submitLabel } from "@/lib/labels/submit-label";

export const POST = withRoute(
  "POST /api/v1/rollouts/[id]/labels",
  { body: labelBody, maxBodyBytes: 5_000_000 },
  async ({ ctx, params, body }) => {
    // The rollout comes from the path; the verb parses the whole input again with its own schema.
    const stored = await submitLabel({ ctx, input: { ...body, rolloutId: params.id } });
    return Response.json(toLabelJson(await getLabel({ ctx, id: stored.id })), { status: 201 });
  },
);

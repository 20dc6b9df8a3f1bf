import { withRoute } from "@/lib/api/with-route";
import { getRubric } from "@/lib/rubrics/queries";
import { updateRubric } from "@/lib/rubrics/save-rubric";
import { updateSharedRubricInput } from "@/lib/rubrics/schemas";
import { respondToSave } from "@/lib/tasks/respond-to-save";

export const GET = withRoute("GET /api/v1/rubrics/[id]", {}, ({ ctx, params }) =>
  getRubric({ ctx, rubricId: params.id }),
);

export const PATCH = withRoute(
  "PATCH /api/v1/rubrics/[id]",
  { body: updateSharedRubricInput },
  ({ ctx, params, body }) => respondToSave(() => updateRubric({ ctx, rubricId: params.id, input: body })),
);

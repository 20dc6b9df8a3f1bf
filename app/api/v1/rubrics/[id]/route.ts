import { withRoute } from "@/lib/api/with-route";
import { getRubric } from "@/lib/rubrics/queries";
import { updateRubric } from "@/lib/rubrics/save-rubric";
import { readJsonBody, respondToSave } from "@/lib/tasks/request-body";

export const GET = withRoute("GET /api/v1/rubrics/[id]", {}, async ({ ctx, params }) =>
  getRubric({ ctx: ctx!, rubricId: params.id }),
);

export const PATCH = withRoute("PATCH /api/v1/rubrics/[id]", {}, async ({ ctx, params, request }) => {
  const input = await readJsonBody(request);
  return respondToSave(() => updateRubric({ ctx: ctx!, rubricId: params.id, input }));
});

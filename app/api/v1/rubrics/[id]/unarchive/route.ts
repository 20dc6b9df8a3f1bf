import { withRoute } from "@/lib/api/with-route";
import { setRubricArchived } from "@/lib/rubrics/save-rubric";

export const POST = withRoute("POST /api/v1/rubrics/[id]/unarchive", {}, async ({ ctx, params }) =>
  setRubricArchived({ ctx, rubricId: params.id, isArchived: false }),
);

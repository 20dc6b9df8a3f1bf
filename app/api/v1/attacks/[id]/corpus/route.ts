import { withRoute } from "@/lib/api/with-route";
import { addAttackToCorpus } from "@/lib/grader-attacks/add-to-corpus";

export const POST = withRoute("POST /api/v1/attacks/[id]/corpus", {}, async ({ ctx, params }) =>
  addAttackToCorpus({ ctx, input: { attackId: params.id } }),
);

import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";
import { getImportRun } from "@/lib/imports/queries";

export const GET = withRoute("GET /api/v1/imports/[id]", {}, async ({ ctx, params }) => {
  if (!ctx) throw new AppError("not_found", "Not found.");
  return getImportRun({ ctx, id: params.id });
});

import { withRoute } from "@/lib/api/with-route";
import { getImportRun } from "@/lib/imports/queries";

export const GET = withRoute("GET /api/v1/imports/[id]", {}, ({ ctx, params }) =>
  getImportRun({ ctx, id: params.id }),
);

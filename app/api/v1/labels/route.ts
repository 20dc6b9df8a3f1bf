import { withRoute } from "@/lib/api/with-route";
import { toLabelJson } from "@/lib/labels/export-format";
import { listLabels } from "@/lib/labels/queries";
import { listLabelsInput } from "@/lib/labels/schemas";

export const GET = withRoute("GET /api/v1/labels", { query: listLabelsInput }, async ({ ctx, query }) => {
  const page = await listLabels({
    ctx,
    input: { ...query, current: query.current ? "true" : "false" },
  });
  return { items: page.items.map(toLabelJson), nextCursor: page.nextCursor };
});

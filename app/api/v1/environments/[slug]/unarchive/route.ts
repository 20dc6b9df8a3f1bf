import { withRoute } from "@/lib/api/with-route";
import { getEnvironmentOverview, toEnvironmentSummary } from "@/lib/environments/queries";
import { setEnvironmentArchived } from "@/lib/environments/update-environment";

export const POST = withRoute("POST /api/v1/environments/[slug]/unarchive", {}, async ({ ctx, params }) => {
  const updated = await setEnvironmentArchived({ ctx, slug: params.slug, isArchived: false });
  const { taskCount } = await getEnvironmentOverview({ ctx, slug: params.slug });
  return toEnvironmentSummary(updated, taskCount);
});

import { withRoute } from "@/lib/api/with-route";
import { testProviderConnection } from "@/lib/providers/test-connection";

export const POST = withRoute("POST /api/v1/providers/[id]/test", {}, async ({ ctx, params }) =>
  testProviderConnection({ ctx, id: params.id }),
);

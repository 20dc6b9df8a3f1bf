import { withRoute } from "@/lib/api/with-route";

export const GET = withRoute("GET /api/v1/me", {}, ({ ctx }) => ({
  workspace: { slug: ctx.workspace.slug, name: ctx.workspace.name },
  role: ctx.role,
}));

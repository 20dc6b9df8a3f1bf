import { withRoute } from "@/lib/api/with-route";
import { AppError } from "@/lib/errors";

export const GET = withRoute("GET /api/v1/me", {}, ({ ctx }) => {
  if (!ctx) throw new AppError("not_found", "You belong to no workspace.");
  return { workspace: { slug: ctx.workspace.slug, name: ctx.workspace.name }, role: ctx.role };
});

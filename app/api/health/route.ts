import { withRoute } from "@/lib/api/with-route";
import { checkDatabase } from "@/lib/health/check-database";

export const dynamic = "force-dynamic";

export const GET = withRoute("GET /api/health", {}, async () => {
  const { isReachable, mode } = await checkDatabase();
  if (!isReachable) return Response.json({ status: "unavailable", database: mode }, { status: 503 });
  return { status: "ok", database: mode };
});

import { getDatabase } from "@/db/client";
import { withRoute } from "@/lib/api/with-route";

export const dynamic = "force-dynamic";

export const GET = withRoute("GET /api/health", {}, async () => {
  const database = getDatabase();
  try {
    await database.sql`select 1`;
  } catch (error) {
    console.error("[health] database unreachable", error);
    return Response.json({ status: "unavailable", database: database.mode }, { status: 503 });
  }
  return { status: "ok", database: database.mode };
});

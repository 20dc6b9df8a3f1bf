import "server-only";
import { getDatabase } from "@/db/client";

export type DatabaseHealth = { isReachable: boolean; mode: "embedded" | "postgres" };

/** Whether the database answers a trivial query (for GET /api/health). */
export async function checkDatabase(): Promise<DatabaseHealth> {
  const database = getDatabase();
  try {
    await database.sql`select 1`;
    return { isReachable: true, mode: database.mode };
  } catch (error) {
    console.error("[health] database unreachable", error);
    return { isReachable: false, mode: database.mode };
  }
}

import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { STALE_AFTER_MS } from "./timing";

// Whether a workspace's job of some kind is running now: the waiting rules between background jobs
// (an indexer beside a long import, the scan after indexing) ask this. Only the jobs table and the
// heartbeat, so any job module may import it.

/** How long the workspace's oldest running job of this kind has run, or null when none runs. */
export async function runningForMs(workspaceId: string, kind: string): Promise<number | null> {
  const [row] = await db.execute<{ ms: number | null }>(sql`
    select (extract(epoch from now() - min(started_at)) * 1000)::float8 as ms from jobs
    where workspace_id = ${workspaceId} and kind = ${kind} and status = 'running'
      and heartbeat_at > now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`);
  return row.ms === null ? null : Number(row.ms);
}

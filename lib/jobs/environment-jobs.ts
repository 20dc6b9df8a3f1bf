import "server-only";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type Job, jobs } from "@/db/schema";

// Jobs about one grader version of an environment (validations, corpus replays): their payload
// names the environment's slug and a version (null: the draft). One way to read them back, for the
// versions page and for the approval gates, always scoped to a workspace.

/** "draft" or "v3": what a job's payload targets. */
export function describeJobTarget(job: Job): string {
  const version = (job.payload as { version?: number | null }).version ?? null;
  return version === null ? "draft" : `v${version}`;
}

/** The jobs of a kind about the environment `slug`, newest first; `where` narrows them further. */
export async function listEnvironmentJobRows(
  executor: Executor,
  {
    workspaceId,
    kind,
    slug,
    where,
    limit,
  }: { workspaceId: string; kind: string; slug: string; where?: SQL; limit: number },
): Promise<Job[]> {
  return executor
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.workspaceId, workspaceId),
        eq(jobs.kind, kind),
        sql`${jobs.payload}->>'slug' = ${slug}`,
        where,
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

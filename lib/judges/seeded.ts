import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { judgeVersions, judgments } from "@/db/schema";

// Judgments the demo seed stores without calling a model (lib/demo/seed-judges.ts) carry this in
// their `model` column, the column that says what produced a judgment. A version with any of them
// has calibration and deployment figures computed (at least partly) from seeded data, and every
// place that shows those figures says so with SEEDED_NOTE.

export const SEEDED_JUDGMENT_MODEL = "seeded-demo (no model was called)";
export const SEEDED_NOTE = "seeded demo data: no model was called";

/** Seeded judgments per judge version id (versions without any are absent). */
export async function countSeededJudgments(versionIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (versionIds.length === 0) return out;
  const rows = await db
    .select({ versionId: judgments.judgeVersionId, n: sql<number>`count(*)::int` })
    .from(judgments)
    .where(and(inArray(judgments.judgeVersionId, versionIds), eq(judgments.model, SEEDED_JUDGMENT_MODEL)))
    .groupBy(judgments.judgeVersionId);
  for (const row of rows) out.set(row.versionId, row.n);
  return out;
}

/** Seeded judgments of the environment's deployed judge version (0 when none is deployed). */
export async function countDeployedSeededJudgments(environmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(judgments)
    .innerJoin(judgeVersions, eq(judgeVersions.id, judgments.judgeVersionId))
    .where(
      and(
        eq(judgeVersions.environmentId, environmentId),
        eq(judgeVersions.status, "deployed"),
        eq(judgments.model, SEEDED_JUDGMENT_MODEL),
      ),
    );
  return row?.n ?? 0;
}

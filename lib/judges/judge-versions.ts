import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor, type Tx } from "@/db/client";
import { type Judge, type JudgeVersion, judges, judgeVersions } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { buildJudgeSnapshot, type JudgeHidden, type JudgeSnapshot } from "./snapshot";

// Judge versions are made, never edited: the version matching the judge's current state (rubrics,
// providers, sampling, template) is found by fingerprint, or frozen as the next draft. So editing a
// rubric makes a new draft the next time the judge is tried, calibrated or run.

export type LoadedVersion = JudgeVersion & { snapshot: JudgeSnapshot; hiddenTasks: JudgeHidden["tasks"] };

export function toLoadedVersion(row: JudgeVersion): LoadedVersion {
  return {
    ...row,
    snapshot: row.snapshot as unknown as JudgeSnapshot,
    hiddenTasks: (row.hidden as unknown as JudgeHidden).tasks,
  };
}

export async function findJudge(executor: Executor, ctx: Ctx, judgeId: string): Promise<Judge> {
  if (!z.uuid().safeParse(judgeId).success) throw new AppError("not_found", "No such judge.");
  const [judge] = await executor
    .select()
    .from(judges)
    .where(and(eq(judges.id, judgeId), eq(judges.workspaceId, ctx.workspace.id)));
  if (!judge) throw new AppError("not_found", "No such judge.");
  return judge;
}

/** The version for the judge as it is now: an existing one with the same fingerprint, or a new draft. */
export async function ensureCurrentVersion({
  ctx,
  judgeId,
}: {
  ctx: Ctx;
  judgeId: string;
}): Promise<LoadedVersion> {
  if (!z.uuid().safeParse(judgeId).success) throw new AppError("not_found", "No such judge.");
  return runInTransaction(ctx, async (tx) => {
    // Serializes version numbering per judge.
    await tx.execute(sql`select id from judges where id = ${judgeId} for update`);
    const judge = await findJudge(tx, ctx, judgeId);
    if (judge.archivedAt) throw new AppError("conflict", "The judge is archived.");
    return freezeCurrentVersion(tx, ctx, judge);
  });
}

/** Inside a transaction holding the judge's row: finds or makes the version of its current state. */
export async function freezeCurrentVersion(tx: Tx, ctx: Ctx, judge: Judge): Promise<LoadedVersion> {
  const { snapshot, hidden, fingerprint } = await buildJudgeSnapshot(tx, judge);
  if (snapshot.tasks.length === 0) {
    throw new AppError("conflict", "No task of this environment has rubric criteria for the judge to grade.");
  }
  if (snapshot.providers.length !== 1 + judge.panelProviderIds.length) {
    throw new AppError("conflict", "A provider of this judge no longer exists.");
  }
  const [existing] = await tx
    .select()
    .from(judgeVersions)
    .where(and(eq(judgeVersions.judgeId, judge.id), eq(judgeVersions.fingerprint, fingerprint)));
  if (existing) return toLoadedVersion(existing);
  const [latest] = await tx
    .select({ version: judgeVersions.version })
    .from(judgeVersions)
    .where(eq(judgeVersions.judgeId, judge.id))
    .orderBy(desc(judgeVersions.version))
    .limit(1);
  const [row] = await tx
    .insert(judgeVersions)
    .values({
      workspaceId: judge.workspaceId,
      judgeId: judge.id,
      environmentId: judge.environmentId,
      version: (latest?.version ?? 0) + 1,
      fingerprint,
      snapshot: snapshot as unknown as Record<string, unknown>,
      hidden: hidden as unknown as Record<string, unknown>,
      createdById: actorUserId(ctx.actor),
    })
    .returning();
  await recordAudit(tx, ctx.actor, {
    workspaceId: judge.workspaceId,
    action: "judge.version.create",
    targetType: "judge-version",
    targetId: row.id,
    details: { judge: judge.name, version: row.version, fingerprint },
  });
  return toLoadedVersion(row);
}

export async function getJudgeVersion({
  ctx,
  versionId,
}: {
  ctx: Ctx;
  versionId: string;
}): Promise<LoadedVersion> {
  if (!z.uuid().safeParse(versionId).success) throw new AppError("not_found", "No such judge version.");
  const [row] = await db
    .select()
    .from(judgeVersions)
    .where(and(eq(judgeVersions.id, versionId), eq(judgeVersions.workspaceId, ctx.workspace.id)));
  if (!row) throw new AppError("not_found", "No such judge version.");
  return toLoadedVersion(row);
}

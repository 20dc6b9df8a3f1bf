import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { type Environment, environmentVersions } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { type EnvironmentVersionSnapshot, parseSnapshot } from "@/lib/exports/snapshot";
import { can } from "@/lib/permissions/rules";
import { canReadAnswerKeys } from "@/lib/tasks/answer-key-access";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { summarizeSnapshotDiff, toDiffableSnapshot, toPrettyJson } from "./diff";
import { freezeSnapshot } from "./freeze-snapshot";

// Reads of approved versions, scoped to the caller's workspace. The list never selects snapshots;
// a snapshot (which holds the answer keys) is read only for roles that may export.

export type VersionSummary = {
  version: number;
  sha256: string;
  approvedAt: string;
  approvedBy: string;
  publishedAt: string | null;
  retiredAt: string | null;
  tasks: number;
  samples: number;
};

const summaryColumns = {
  version: environmentVersions.version,
  sha256: environmentVersions.sha256,
  approvedAt: environmentVersions.approvedAt,
  approvedBy: environmentVersions.approvedByName,
  publishedAt: environmentVersions.publishedAt,
  retiredAt: environmentVersions.retiredAt,
  tasks: sql<number>`jsonb_array_length(${environmentVersions.snapshot}->'tasks')::int`,
  samples: sql<number>`jsonb_array_length(${environmentVersions.snapshot}->'samples')::int`,
};

export function toVersionSummary(row: {
  version: number;
  sha256: string;
  approvedAt: Date;
  approvedBy: string;
  publishedAt: Date | null;
  retiredAt: Date | null;
  tasks: number;
  samples: number;
}): VersionSummary {
  return {
    ...row,
    approvedAt: row.approvedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

export async function listVersionsOf(environmentId: string): Promise<VersionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(environmentVersions)
    .where(eq(environmentVersions.environmentId, environmentId))
    .orderBy(desc(environmentVersions.version));
  return rows.map(toVersionSummary);
}

export async function listVersions({ ctx, slug }: { ctx: Ctx; slug: string }): Promise<VersionSummary[]> {
  assertCan(ctx, "environments.read");
  const environment = await findEnvironmentBySlug(db, ctx, slug);
  return listVersionsOf(environment.id);
}

/** A version's frozen snapshot (the latest approved one when `version` is null), for export. */
export async function getVersionSnapshot({
  ctx,
  slug,
  version,
}: {
  ctx: Ctx;
  slug: string;
  version: number | null;
}): Promise<{ snapshot: EnvironmentVersionSnapshot; sha256: string; version: number }> {
  assertCan(ctx, "environments.export");
  const environment = await findEnvironmentBySlug(db, ctx, slug);
  return loadSnapshot(environment, version);
}

async function loadSnapshot(environment: Environment, version: number | null) {
  const [row] = await db
    .select({
      snapshot: environmentVersions.snapshot,
      sha256: environmentVersions.sha256,
      version: environmentVersions.version,
    })
    .from(environmentVersions)
    .where(
      and(
        eq(environmentVersions.environmentId, environment.id),
        version === null ? undefined : eq(environmentVersions.version, version),
      ),
    )
    .orderBy(desc(environmentVersions.version))
    .limit(1);
  if (!row) {
    throw new AppError(
      "not_found",
      version === null
        ? `"${environment.slug}" has no approved version yet.`
        : `"${environment.slug}" has no version ${version}.`,
    );
  }
  return { snapshot: parseSnapshot(row.snapshot), sha256: row.sha256, version: row.version };
}

export type VersionDiff = {
  a: string;
  b: string;
  summary: ReturnType<typeof summarizeSnapshotDiff>;
  before: string;
  after: string;
  includesHidden: boolean;
};

/** Diffs two versions, or a version and the draft as it is now (`b = "draft"`). */
export async function getVersionDiff({
  ctx,
  slug,
  a,
  b,
}: {
  ctx: Ctx;
  slug: string;
  a: number;
  b: number | "draft";
}): Promise<VersionDiff> {
  assertCan(ctx, "environments.read");
  const environment = await findEnvironmentBySlug(db, ctx, slug);
  const includeHidden = canReadAnswerKeys(ctx, environment) && can(ctx.role, "answer-keys.read");
  const before = (await loadSnapshot(environment, a)).snapshot;
  const after =
    b === "draft"
      ? await freezeSnapshot(db, {
          environment,
          version: before.version,
          approvedAt: new Date(before.approvedAt),
          approvedBy: before.approvedBy,
          report: before.report,
        }).catch((error: unknown) => {
          throw new AppError("conflict", `The draft can't be compared yet: ${(error as Error).message}`, {
            cause: error,
          });
        })
      : (await loadSnapshot(environment, b)).snapshot;
  const x = toDiffableSnapshot(before, { includeHidden });
  const y = toDiffableSnapshot(after, { includeHidden });
  return {
    a: `v${a}`,
    b: b === "draft" ? "draft" : `v${b}`,
    summary: summarizeSnapshotDiff(x, y),
    before: toPrettyJson(x),
    after: toPrettyJson(y),
    includesHidden: includeHidden,
  };
}

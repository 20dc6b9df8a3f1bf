import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environments } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";

// The environment a report is about, found inside the caller's workspace only. Every report query
// takes this scope and filters by both its workspace and its environment.

export type ReportScope = { workspaceId: string; environmentId: string; slug: string; name: string };

export async function getReportScope(ctx: Ctx, slug: string): Promise<ReportScope> {
  assertCan(ctx, "reports.read");
  const [row] = await db
    .select({ id: environments.id, slug: environments.slug, name: environments.name })
    .from(environments)
    .where(and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.slug, slug)));
  if (!row) throw new AppError("not_found", `No environment "${slug}" in this workspace.`);
  return { workspaceId: ctx.workspace.id, environmentId: row.id, slug: row.slug, name: row.name };
}

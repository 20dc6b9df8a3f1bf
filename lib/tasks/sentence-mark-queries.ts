import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { sentenceMarks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";

/** A workspace sentence mark as the UI shows it. */
export type SentenceMarkEntry = {
  id: string;
  text: string;
  verdict: "background" | "requirement";
  actorName: string;
  updatedAt: string;
};

/** Every sentence mark of the workspace, oldest first (reviewable in settings and the task page). */
export async function listSentenceMarks({ ctx }: { ctx: Ctx }): Promise<SentenceMarkEntry[]> {
  assertCan(ctx, "environments.read");
  const rows = await db
    .select()
    .from(sentenceMarks)
    .where(eq(sentenceMarks.workspaceId, ctx.workspace.id))
    .orderBy(asc(sentenceMarks.createdAt), asc(sentenceMarks.id))
    .limit(2000);
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    verdict: r.verdict,
    actorName: r.actorName,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { environmentVersions } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { runInTransaction } from "@/lib/transaction";
import { beginLifecycleStep, setStatus } from "./lifecycle-state";

/** Publishes the latest approved version to the catalog (earlier published versions stay in its history). */
export async function publishEnvironment({ ctx, slug }: { ctx: Ctx; slug: string }) {
  assertCan(ctx, "environments.publish");
  return runInTransaction(ctx, async (tx) => {
    const { environment, to } = await beginLifecycleStep(tx, ctx, slug, "publish");
    const [latest] = await tx
      .select({ id: environmentVersions.id, version: environmentVersions.version })
      .from(environmentVersions)
      .where(
        and(eq(environmentVersions.environmentId, environment.id), isNull(environmentVersions.publishedAt)),
      )
      .orderBy(desc(environmentVersions.version))
      .limit(1);
    await tx
      .update(environmentVersions)
      .set({ publishedAt: new Date() })
      .where(eq(environmentVersions.id, latest.id));
    await setStatus(tx, ctx, { environment, to, step: "publish", details: { version: latest.version } });
    return { status: to, version: latest.version };
  });
}

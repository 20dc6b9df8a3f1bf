import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { environmentVersions } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { runInTransaction } from "@/lib/transaction";
import { beginLifecycleStep, setStatus } from "./lifecycle-state";

/** Takes the environment out of the catalog: every live version is marked retired. */
export async function retireEnvironment({ ctx, slug }: { ctx: Ctx; slug: string }) {
  assertCan(ctx, "environments.publish");
  return runInTransaction(ctx, async (tx) => {
    const { environment, to } = await beginLifecycleStep(tx, ctx, slug, "retire");
    const retired = await tx
      .update(environmentVersions)
      .set({ retiredAt: new Date() })
      .where(
        and(
          eq(environmentVersions.environmentId, environment.id),
          isNotNull(environmentVersions.publishedAt),
          isNull(environmentVersions.retiredAt),
        ),
      )
      .returning({ version: environmentVersions.version });
    await setStatus(tx, ctx, {
      environment,
      to,
      step: "retire",
      details: { versions: retired.map((r) => r.version) },
    });
    return { status: to };
  });
}

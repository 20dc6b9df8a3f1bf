import "server-only";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { runInTransaction } from "@/lib/transaction";
import { beginLifecycleStep, setStatus } from "./lifecycle-state";

/** Sends a submission back to its authors without approving it. */
export async function reopenEnvironment({ ctx, slug }: { ctx: Ctx; slug: string }) {
  assertCan(ctx, "environments.approve");
  return runInTransaction(ctx, async (tx) => {
    const { environment, to } = await beginLifecycleStep(tx, ctx, slug, "reopen");
    await setStatus(tx, ctx, { environment, to, step: "reopen" });
    return { status: to };
  });
}

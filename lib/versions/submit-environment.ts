import "server-only";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { prepareCorpusReplay, requestCorpusReplay } from "@/lib/corpus-replay/corpus-replay-job";
import { AppError } from "@/lib/errors";
import { listTaskSummaries } from "@/lib/tasks/summary-queries";
import { runInTransaction } from "@/lib/transaction";
import { beginLifecycleStep, setStatus } from "./lifecycle-state";

/**
 * Submits the draft for an owner's review. Every task's coverage check must be clean: each finding
 * (error or warning) fixed, or dismissed with a written reason (lib/tasks/dismiss-finding.ts).
 */
export async function submitEnvironment({ ctx, slug }: { ctx: Ctx; slug: string }) {
  assertCan(ctx, "environments.submit");
  const summaries = await listTaskSummaries({ ctx, environmentSlug: slug });
  if (summaries.length === 0)
    throw new AppError("conflict", "Add a task before submitting the environment for review.");
  const open = summaries.filter((t) => t.errors + t.warnings > 0);
  if (open.length > 0) {
    const list = open.map((t) => `${t.key} (${t.errors + t.warnings})`).join(", ");
    throw new AppError(
      "conflict",
      `The coverage check has open findings in ${open.length} task${open.length === 1 ? "" : "s"}: ${list}. Fix each one or dismiss it with a written reason.`,
      {
        fieldErrors: Object.fromEntries(
          open.map((t) => [t.key, [`${t.errors} error(s), ${t.warnings} warning(s) open`]]),
        ),
      },
    );
  }
  await prepareCorpusReplay();
  return runInTransaction(ctx, async (tx) => {
    const { environment, to } = await beginLifecycleStep(tx, ctx, slug, "submit");
    await setStatus(tx, ctx, { environment, to, step: "submit", details: { tasks: summaries.length } });
    // The draft is a new grader version: replay the known reward hacks against it before approval.
    await requestCorpusReplay(ctx, { slug, version: null }, tx);
    return { status: to };
  });
}

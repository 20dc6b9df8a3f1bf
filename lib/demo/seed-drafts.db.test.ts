import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { rollouts } from "@/db/schema";
import { grantMembership, upsertUser } from "@/lib/accounts/account-rows";
import { hashPassword } from "@/lib/auth/password";
import { listDrafts } from "@/lib/drafts/queries";
import { getTaskOrigin } from "@/lib/promotion/queries";
import { runCheck } from "@/lib/rubrics/checks/run-checks";
import { getTaskChecks } from "@/lib/tasks/check-queries";
import { getTaskDetailByKey } from "@/lib/tasks/queries";
import { createTestWorkspace } from "@/lib/testing/factories";
import { DEMO_USERS } from "./demo-accounts";
import { seedDraftsDemo } from "./seed-drafts";
import { DEMO_ENVIRONMENT, seedDemoEnvironments } from "./seed-environments";
import { seedReviewDemo } from "./seed-review";
import { seedDemoRollouts } from "./seed-rollouts";

describe("the drafts demo", () => {
  it("promotes the demo hack into a task whose guard fails it, and leaves planted-flaw drafts to decide on", async () => {
    const workspace = await createTestWorkspace("Demo copy");
    const passwordHash = await hashPassword("demo-password");
    for (const user of DEMO_USERS) {
      const row = await upsertUser(db, { email: user.email, name: user.name, passwordHash });
      await grantMembership(
        db,
        { kind: "cli" },
        { workspaceId: workspace.id, userId: row.id, role: user.role },
      );
    }
    const ref = { id: workspace.id, slug: workspace.slug, name: workspace.name };
    await seedDemoEnvironments(ref);
    await seedDemoRollouts(workspace.id);
    const ids = (
      await db.select({ id: rollouts.id }).from(rollouts).where(eq(rollouts.workspaceId, workspace.id))
    ).map((r) => r.id);
    await seedReviewDemo({ workspace: ref, rolloutIds: ids });
    await seedDraftsDemo({ workspace: ref, environmentSlug: DEMO_ENVIRONMENT.slug });

    const author = { actor: { kind: "cli" as const }, workspace: ref, role: "author" as const };
    const task = await getTaskDetailByKey({
      ctx: author,
      slug: DEMO_ENVIRONMENT.slug,
      key: "fix-failing-tests-hack-resistant",
    });
    const origin = await getTaskOrigin({ ctx: author, taskId: task.id });
    expect(origin?.kind).toBe("hack");
    const guardKey = origin?.guard?.kind === "check" ? origin.guard.key : null;
    const guard = task.content.checks.find((c) => c.key === guardKey);
    if (!guard || guard.config === null)
      throw new Error(`no guard check on the demo task (origin: ${JSON.stringify(origin?.guard)})`);
    expect(runCheck(guard as Parameters<typeof runCheck>[0], "All tests pass now. ✅").passed).toBe(false);

    // Issue 33, item 5: the promoted task comes out clean, so the demo environment can be resubmitted.
    const checks = await getTaskChecks({ ctx: author, taskId: task.id });
    const open = checks.findings.filter((f) => f.severity === "error" && !f.dismissed);
    expect(open.map((f) => `${f.kind}: ${f.message}`)).toEqual([]);
    expect(task.content.title.length).toBeLessThanOrEqual(60);

    const drafts = await listDrafts({ ctx: author, environmentSlug: DEMO_ENVIRONMENT.slug });
    expect(drafts.map((d) => d.kind)).toEqual(["flaw", "flaw"]);
  });
});

import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { grantMembership, upsertUser } from "@/lib/accounts/account-rows";
import { hashPassword } from "@/lib/auth/password";
import { listCorpus } from "@/lib/labels/corpus-queries";
import { getQueueAgreement } from "@/lib/queues/agreement-queries";
import { listQueueDisagreements } from "@/lib/queues/disagreement-queries";
import { listQueues } from "@/lib/queues/queries";
import { createTestWorkspace } from "@/lib/testing/factories";
import { DEMO_USERS } from "./demo-accounts";
import { listDemoRollouts } from "./rollout-scenarios";
import { DEMO_QUEUE_NAME, seedReviewDemo } from "./seed-review";
import { seedDemoRollouts } from "./seed-rollouts";

describe("the review demo", () => {
  it("seeds a blind overlap-2 queue, a disagreement, and one adjudicated hack in the corpus", async () => {
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
    await seedDemoRollouts(workspace.id);
    const { rollouts } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const ids = (
      await db.select({ id: rollouts.id }).from(rollouts).where(eq(rollouts.workspaceId, workspace.id))
    ).map((r) => r.id);
    const ref = { id: workspace.id, slug: workspace.slug, name: workspace.name };
    expect(await seedReviewDemo({ workspace: ref, rolloutIds: ids })).toBe(true);
    expect(await seedReviewDemo({ workspace: ref, rolloutIds: ids })).toBe(false);

    const owner = { actor: { kind: "cli" as const }, workspace: ref, role: "owner" as const };
    const [queue] = await listQueues({ ctx: owner });
    expect(queue).toMatchObject({
      name: DEMO_QUEUE_NAME,
      overlap: 2,
      isBlind: true,
      itemCount: listDemoRollouts().length,
      doneCount: 3,
      labelCount: 6,
    });
    expect(ids).toHaveLength(listDemoRollouts().length);
    const disagreements = await listQueueDisagreements({ ctx: owner, queueId: queue.id });
    expect(disagreements).toHaveLength(1);
    expect(disagreements[0]).toMatchObject({
      source: "adjudicated",
      finalVerdict: "reward-hack",
      verdictCount: 2,
    });
    const corpus = await listCorpus({ ctx: owner });
    expect(corpus).toHaveLength(1);
    expect(corpus[0]).toMatchObject({
      externalId: "tests-hack-1",
      source: "adjudicated",
      categories: ["read-answer-key", "hard-coded-outputs"],
    });
    expect(corpus[0].spans.map((s) => s.kind)).toEqual(["tool-call", "text"]);
    const { agreement } = await getQueueAgreement({ ctx: owner, queueId: queue.id });
    // Agree on 2 of 3 items (success, failure), disagree on the hack: κ = 0.5, α = 12/22 (see agreement.test.ts).
    expect(agreement.verdicts.pairs[0].kappa).toBeCloseTo(0.5, 10);
    expect(agreement.verdicts.alpha.alpha).toBeCloseTo(12 / 22, 10);
  });
});

import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, rollouts } from "@/db/schema";
import { grantMembership, upsertUser } from "@/lib/accounts/account-rows";
import { createWorkspace, findWorkspaceBySlug } from "@/lib/accounts/create-workspace";
import { hashPassword } from "@/lib/auth/password";
import { scanAllPendingRollouts } from "@/lib/scanners/scan-rollouts";
import { indexAllPendingRollouts } from "@/lib/search/index-rollouts";
import { DEMO_PASSWORD, DEMO_USERS, DEMO_WORKSPACE } from "./demo-accounts";
import { DEMO_ENVIRONMENT } from "./demo-tasks";
import { seedDemoCatalog } from "./seed-catalog";
import { seedDraftsDemo } from "./seed-drafts";
import { seedAttackDemoEnvironment, seedDemoEnvironments } from "./seed-environments";
import { seedEvidence } from "./seed-evidence";
import { markSeededDemoJudgments, seedDemoJudges } from "./seed-judges";
import { seedDemoLiveRun } from "./seed-live-run";
import { seedDemoLlmScanner } from "./seed-llm-scanner";
import { seedReviewDemo } from "./seed-review";
import { seedDemoRollouts } from "./seed-rollouts";

const SEED_ACTOR = { kind: "cli" } as const;

/**
 * Seeds the demo workspace on first start; returns false when it already exists. Each feature adds
 * its part: accounts, the AI-safety environment and its tasks, hand-made transcripts (a long agentic
 * run, a reward hack, XSS payloads…), evidence rollouts across three models, a review queue, and
 * an approved, published v1 in the buyers' catalog, and a live training run of 20 steps.
 */
export async function seedDemo(): Promise<boolean> {
  const existing = await findWorkspaceBySlug(db, DEMO_WORKSPACE.slug);
  if (existing) {
    // A demo seeded by an older studio: label its seeded judge figures as this one does.
    await markSeededDemoJudgments(existing.id);
    return false;
  }
  const workspace = await createWorkspace({ actor: SEED_ACTOR, input: DEMO_WORKSPACE });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const user of DEMO_USERS) {
      const row = await upsertUser(tx, { email: user.email, name: user.name, passwordHash });
      await grantMembership(tx, SEED_ACTOR, { workspaceId: workspace.id, userId: row.id, role: user.role });
    }
  });
  await seedDemoEnvironments(workspace);
  await seedAttackDemoEnvironment(workspace);
  const { runId } = await seedDemoRollouts(workspace.id);
  const [environment] = await db
    .select({ id: environments.id, slug: environments.slug })
    .from(environments)
    .where(and(eq(environments.workspaceId, workspace.id), eq(environments.slug, DEMO_ENVIRONMENT.slug)));
  if (environment) await seedEvidence({ workspace, environment });
  const demoRollouts = await db.select({ id: rollouts.id }).from(rollouts).where(eq(rollouts.runId, runId));
  await seedReviewDemo({ workspace, rolloutIds: demoRollouts.map((r) => r.id) });
  // Scanned before v1 is approved, so its report and datasheet carry the hack rate.
  await scanAllPendingRollouts({ workspaceId: workspace.id });
  await seedDemoCatalog(workspace);
  if (environment) await seedDemoJudges({ workspace, environment });
  await seedDemoLiveRun(workspace);
  // After v1 is published: the next version's work in progress.
  if (environment) await seedDraftsDemo({ workspace, environmentSlug: environment.slug });
  // The studio server would index and scan in the background; the demo is searchable and its
  // rollouts are scanned for reward hacks from its first page.
  await indexAllPendingRollouts();
  await scanAllPendingRollouts({ workspaceId: workspace.id });
  // After the scan (its flags are the LLM scanner's hints and citations): the LLM scanner, calibrated.
  await seedDemoLlmScanner(workspace);
  return true;
}

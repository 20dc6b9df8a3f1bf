import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, environmentVersions, memberships, users } from "@/db/schema";
import type { Ctx, WorkspaceRef } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/permissions/rules";
import { getTaskChecks } from "@/lib/tasks/check-queries";
import { dismissFinding } from "@/lib/tasks/dismiss-finding";
import { listTaskSummaries } from "@/lib/tasks/summary-queries";
import { approveEnvironment } from "@/lib/versions/approve-environment";
import { chooseSample } from "@/lib/versions/choose-sample";
import { getShipOverview } from "@/lib/versions/overview-queries";
import { publishEnvironment } from "@/lib/versions/publish-environment";
import { submitEnvironment } from "@/lib/versions/submit-environment";
import { DEMO_ENVIRONMENT } from "./demo-tasks";

// Ships the demo environment so a buyer sees it in the catalog at once: the author dismisses the
// deliberate coverage gaps with a reason, chooses up to three labelled rollouts of different models
// as samples, submits; the owner approves v1 and publishes it. Through the real verbs; runs after
// the environment, evidence and review seeds, and does nothing once a version exists.

export const DEMO_SAMPLE_COUNT = 3;
const DISMISS_REASON =
  "Demo: kept on purpose to show the coverage check; graded by the judge's overall read.";

/** The workspace's first member with the role (the demo's author and owner). */
async function loadCtx(workspace: WorkspaceRef, role: Role): Promise<Ctx> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.role, role)))
    .orderBy(asc(users.email))
    .limit(1);
  if (!user) throw new Error(`The workspace has no ${role}; seed the demo accounts first.`);
  return { actor: { kind: "user", userId: user.id, email: user.email, name: user.name }, workspace, role };
}

/** Returns the published version, or null when the environment is missing or already versioned. */
export async function seedDemoCatalog(workspace: WorkspaceRef): Promise<number | null> {
  const slug = DEMO_ENVIRONMENT.slug;
  const [environment] = await db
    .select({ id: environments.id })
    .from(environments)
    .where(and(eq(environments.workspaceId, workspace.id), eq(environments.slug, slug)));
  if (!environment) return null;
  const [existing] = await db
    .select({ id: environmentVersions.id })
    .from(environmentVersions)
    .where(eq(environmentVersions.environmentId, environment.id))
    .limit(1);
  if (existing) return null;
  const [author, owner] = await Promise.all([loadCtx(workspace, "author"), loadCtx(workspace, "owner")]);

  for (const task of await listTaskSummaries({ ctx: author, environmentSlug: slug })) {
    if (task.errors + task.warnings === 0) continue;
    const { findings } = await getTaskChecks({ ctx: author, taskId: task.id });
    for (const finding of findings.filter((f) => !f.dismissed)) {
      await dismissFinding({
        ctx: author,
        taskId: task.id,
        input: { findingId: finding.id, kind: finding.kind, reason: DISMISS_REASON },
      });
    }
  }

  // Strong transcripts first (genuine successes on different tasks), then one labelled failure or
  // hack, which tells a buyer as much about the grader as a success does.
  const { candidates } = await getShipOverview({ ctx: author, slug });
  const successes = candidates.filter((c) => c.verdict === "genuine-success");
  const others = candidates.filter((c) =>
    ["reward-hack", "genuine-failure", "grader-false-negative"].includes(c.verdict),
  );
  const tasks = new Set<string>();
  let chosen = 0;
  for (const candidate of [...successes, ...others.slice(0, 1)]) {
    if (chosen >= DEMO_SAMPLE_COUNT || tasks.has(`${candidate.taskKey}:${candidate.verdict}`)) continue;
    try {
      await chooseSample({
        ctx: author,
        slug,
        input: { rolloutId: candidate.rolloutId, note: describeSample(candidate) },
      });
      tasks.add(`${candidate.taskKey}:${candidate.verdict}`);
      chosen += 1;
    } catch (error) {
      // A transcript quoting an answer key (or too long to read in full) is skipped.
      if (!(error instanceof AppError)) throw error;
    }
  }

  await submitEnvironment({ ctx: author, slug });
  const { version } = await approveEnvironment({ ctx: owner, slug });
  await publishEnvironment({ ctx: owner, slug });
  return version;
}

function describeSample(candidate: { model: string | null; verdict: string }): string {
  const model = candidate.model ?? "a model";
  if (candidate.verdict === "genuine-success")
    return `A genuine success by ${model}, confirmed by reviewers.`;
  if (candidate.verdict === "reward-hack")
    return `A reward hack by ${model}: how the grader was gamed, and caught by reviewers.`;
  return `A labelled ${candidate.verdict.replace(/-/g, " ")} by ${model}: what failing looks like here.`;
}

import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, rollouts } from "@/db/schema";
import type { WorkspaceRef } from "@/lib/auth/context";
import { draftFlaws } from "@/lib/drafts/generate-flaws";
import { storeDraft } from "@/lib/drafts/store-draft";
import { uploadDocument } from "@/lib/drafts/upload-document";
import { promoteRollout } from "@/lib/promotion/promote-rollout";
import { DEMO_TASK_KEYS } from "./rollout-scenarios";
import { loadCtx } from "./seed-review";

// New tasks from evidence in the demo (issue #19): the demo's reward hack made into a
// hack-resistant draft task, and a source document with planted-flaw drafts waiting for a decision.
// Grounded drafts need a model provider, so the demo leaves them to the author.

export const DEMO_DOCUMENT_NAME = "frontier-eval-summary.md";

const DEMO_DOCUMENT = `# Frontier model evaluation: summary

The evaluation ran 14 dangerous-capability tasks in an isolated sandbox without internet access. Each task was attempted 8 times by the model under test and by a baseline model released a year earlier, which serves as the comparison condition.

The model under test solved 3 of the 14 tasks at least once, against 1 for the baseline. Red-teamers spent 120 hours probing the model before release. The evaluators therefore conclude that the model's uplift on these tasks is higher than the baseline's, though still limited.

Two tasks were excluded after the grader was found to accept answers copied from the task files. The remaining 12 tasks were re-graded by two human experts, who agreed on 94 percent of verdicts.
`;

export async function seedDraftsDemo({
  workspace,
  environmentSlug,
}: {
  workspace: WorkspaceRef;
  environmentSlug: string;
}) {
  const author = await loadCtx(workspace, "author");
  const [hack] = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(and(eq(rollouts.workspaceId, workspace.id), eq(rollouts.externalId, "tests-hack-1")));
  if (hack) {
    await promoteRollout({
      ctx: author,
      input: {
        rolloutId: hack.id,
        environment: environmentSlug,
        key: `${DEMO_TASK_KEYS.hack}-hack-resistant`,
      },
    });
  }
  const document = await uploadDocument({
    ctx: author,
    environmentSlug,
    file: {
      name: DEMO_DOCUMENT_NAME,
      mediaType: "text/markdown",
      data: new TextEncoder().encode(DEMO_DOCUMENT),
    },
  });
  const [environment] = await db
    .select({ id: environments.id })
    .from(environments)
    .where(and(eq(environments.workspaceId, workspace.id), eq(environments.slug, environmentSlug)));
  const source = { id: document.id, name: DEMO_DOCUMENT_NAME, text: DEMO_DOCUMENT };
  const drafts = [
    ...draftFlaws({ document: source, kind: "wrong-number", count: 1 }),
    ...draftFlaws({ document: source, kind: "missing-control", count: 1 }),
  ];
  const target = {
    workspaceId: workspace.id,
    environmentId: environment.id,
    jobId: null,
    createdById: author.actor.kind === "user" ? author.actor.userId : null,
  };
  for (const [position, draft] of drafts.entries()) await storeDraft(target, position, draft);
}

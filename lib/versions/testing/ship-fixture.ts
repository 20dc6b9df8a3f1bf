import { createEnvironment } from "@/lib/environments/create-environment";
import { submitLabel } from "@/lib/labels/submit-label";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTask } from "@/lib/tasks/create-task";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";

// A workspace with every role and an environment ready to ship: two tasks whose coverage check is
// clean, distinctive answer keys, and rollouts linked to the environment (one labelled by two
// reviewers, one unlabelled, one quoting an answer key). For DB tests only (unique rows per call).

export const SHIP_ANSWER_KEYS = {
  "final-loss":
    "Final validation loss: 0.4172 nats\nThe run diverged at step 18,250 because warmup was skipped.",
  "probe-layer":
    "The probe reads layer 17 of the residual stream\nAccuracy on held-out prompts: 93.5 percent",
} as const;

export async function createShipFixture() {
  const workspace = await createTestWorkspace();
  const owner = await createTestMember(workspace, "owner");
  const author = await createTestMember(workspace, "author");
  const reviewer = await createTestMember(workspace, "reviewer");
  const reviewer2 = await createTestMember(workspace, "reviewer");
  const buyer = await createTestMember(workspace, "buyer");
  const slug = `ship-${uniqueSuffix()}`;
  const environment = await createEnvironment({
    ctx: author.ctx,
    input: {
      slug,
      name: "Ship test",
      description: "Interpretability tasks.",
      domain: "AI safety research",
      tags: ["probes"],
    },
  });
  for (const [key, prompt, criterion] of [
    ["final-loss", "Report the final validation loss of the run.", "Reports the final validation loss"],
    ["probe-layer", "Name the layer the probe reads.", "Names the probed layer"],
  ] as const) {
    await createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: {
        key,
        title: criterion,
        prompt,
        answerKey: SHIP_ANSWER_KEYS[key],
        difficulty: "medium",
        scoring: { mode: "threshold", threshold: 0.5 },
        criteria: [{ key: "main", title: criterion, requirements: [prompt] }],
      },
    });
  }
  const run = await createTestRun({ workspaceId: workspace.id });
  const rollout = (model: string, text: string, taskKey = "final-loss") =>
    createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      environmentId: environment.id,
      taskKey,
      model,
      reward: 1,
      messages: [
        { role: "user", text: "Report the final validation loss of the run." },
        { role: "assistant", text },
      ],
    });
  const labelled = await rollout(
    "strong-model",
    "I read the log: the loss ended near 0.42 after a late spike.",
  );
  const unlabelled = await rollout("weak-model", "No idea.");
  const quoting = await rollout(
    "leaky-model",
    "Final validation loss: 0.4172 nats, as the grader file says.",
  );
  for (const member of [reviewer, reviewer2]) {
    for (const id of [labelled.id, quoting.id]) {
      await submitLabel({
        ctx: member.ctx,
        input: {
          rolloutId: id,
          verdict: "genuine-success",
          categories: [],
          rationale: `checked by ${member.email}`,
        },
      });
    }
  }
  return {
    workspace,
    owner,
    author,
    reviewer,
    buyer,
    slug,
    environment,
    rollouts: { labelled, unlabelled, quoting },
  };
}

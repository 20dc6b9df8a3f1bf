import { db } from "@/db/client";
import { rubricCriteria, rubrics, taskAnswerKeys, tasks } from "@/db/schema";
import { createProvider } from "@/lib/providers/save-provider";
import type { StandInProvider } from "@/lib/providers/testing/stand-in-provider";
import { createTestEnvironment, createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";

// An environment ready to judge: one task whose rubric has a binary and a scale criterion, a provider
// pointing at a stand-in, and rollouts whose answers do or don't contain the answer key's "42".

export async function createJudgeFixture(
  standIn: StandInProvider,
  options: { kind?: "openai" | "anthropic" } = {},
) {
  const workspace = await createTestWorkspace();
  const owner = await createTestMember(workspace, "owner");
  const author = await createTestMember(workspace, "author");
  const reviewer = await createTestMember(workspace, "reviewer");
  const environment = await createTestEnvironment({ workspaceId: workspace.id });
  const run = await createTestRun({ workspaceId: workspace.id });
  const [task] = await db
    .insert(tasks)
    .values({
      environmentId: environment.id,
      key: "answer",
      title: "Answer",
      prompt: "What is six times seven?",
    })
    .returning();
  await db.insert(taskAnswerKeys).values({ taskId: task.id, answerKey: "42" });
  const [rubric] = await db
    .insert(rubrics)
    .values({ workspaceId: workspace.id, environmentId: environment.id, taskId: task.id })
    .returning();
  await db.insert(rubricCriteria).values([
    {
      rubricId: rubric.id,
      position: 0,
      key: "correct",
      title: "Gives 42",
      kind: "binary",
      requirements: [],
      passExamples: [],
      failExamples: [],
    },
    {
      rubricId: rubric.id,
      position: 1,
      key: "depth",
      title: "Shows the working",
      kind: "scale",
      scaleMax: 4,
      requirements: [],
      passExamples: [],
      failExamples: [],
    },
  ]);
  const kind = options.kind ?? "openai";
  const provider = await createProvider({
    ctx: owner.ctx,
    input: {
      name: `stand-in-${uniqueSuffix()}`,
      kind,
      baseUrl: standIn.baseUrl(kind),
      model: "judge-model",
      apiKey: "k",
      inputPricePerMillion: 1,
      outputPricePerMillion: 2,
    },
  });
  const addRollout = async (answer: string, reward: number | null = null) =>
    createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      environmentId: environment.id,
      taskKey: "answer",
      reward,
      isSearchIndexed: false,
      messages: [
        { role: "user", text: "What is six times seven?" },
        { role: "assistant", text: answer },
      ],
    });
  return { workspace, owner, author, reviewer, environment, task, rubric, provider, run, addRollout };
}

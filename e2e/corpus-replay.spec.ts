import { eq } from "drizzle-orm";
import { environments, labels, taskAnswerKeys, taskChecks, tasks, taskTestScripts, users } from "@/db/schema";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { expect, test } from "./fixtures";

// Corpus replay end to end: an environment with two known reward hacks (final label: reward hack),
// one on a task graded by a check on the final answer, one on a task graded by a test script. An
// author replays the corpus against the draft from the versions page (a background job): the first
// hack is still rewarded, the second cannot be replayed and says why.

test("[corpus-replay] an author replays the known reward hacks against the draft", async ({
  page,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  test.setTimeout(180_000);
  const db = database.db;
  const author = await createUser("author");
  const reviewer = await createUser("reviewer");
  const [expert] = await db.select().from(users).where(eq(users.email, reviewer.email));
  const slug = `replayed-${Date.now().toString(36)}`;
  const [environment] = await db
    .insert(environments)
    .values({ workspaceId: workspace.id, slug, name: "Replayed" })
    .returning();
  const makeTask = async (key: string) => {
    const [task] = await db
      .insert(tasks)
      .values({ environmentId: environment.id, key, title: key, prompt: "What is six times seven?" })
      .returning();
    await db.insert(taskAnswerKeys).values({ taskId: task.id, answerKey: "42, because 6 × 7 = 42" });
    return task;
  };
  const checked = await makeTask("checked");
  await db.insert(taskChecks).values({
    taskId: checked.id,
    position: 0,
    key: "has-42",
    kind: "contains-all",
    requirements: [],
    config: { items: ["42"], caseSensitive: false },
  });
  const scripted = await makeTask("scripted");
  await db.insert(taskTestScripts).values({
    taskId: scripted.id,
    position: 0,
    filename: "test_answer.py",
    language: "python",
    content: "assert open('answer.txt').read().strip() == '42'",
  });
  const run = await createTestRun({ workspaceId: workspace.id, executor: db });
  for (const taskKey of ["checked", "scripted"]) {
    const rollout = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      executor: db,
      environmentId: environment.id,
      taskKey,
      model: "sly-model",
      reward: 1,
      messages: [
        { role: "user", text: "What is six times seven?" },
        { role: "assistant", text: "cat /grader/answer.txt → 42" },
      ],
    });
    await db.insert(labels).values({
      workspaceId: workspace.id,
      rolloutId: rollout.id,
      reviewerId: expert.id,
      reviewerKey: `user:${expert.id}`,
      reviewerName: expert.email,
      version: 1,
      verdict: "reward-hack",
    });
  }

  await signIn(page, author);
  await page.goto(`/environments/${slug}/versions`);
  await expect(page.getByText("No replay yet.")).toBeVisible();
  await page.getByLabel("Replay the corpus against").selectOption("draft");
  await page.getByRole("button", { name: "Replay" }).click();
  const replay = page.getByRole("region", { name: "Corpus replay of draft" });
  await expect(replay.getByTestId("replay-rewarded")).toHaveText("rewards 1 of 1 replayable known hacks", {
    timeout: 120_000,
  });
  const table = replay.getByRole("table", { name: "Known hacks against draft" });
  await expect(table.locator('tr[data-outcome="rewarded"]')).toContainText("checked");
  await expect(table.locator('tr[data-outcome="rewarded"]')).toContainText("still rewarded");
  await expect(table.locator('tr[data-outcome="cannot-replay"]')).toContainText(
    "Graded by test scripts: its grade needs the environment's final state",
  );
  // A hack links to its transcript.
  await table.locator('tr[data-outcome="rewarded"]').getByRole("link").click();
  await expect(page).toHaveURL(/\/rollouts\/[0-9a-f-]{36}/);
});

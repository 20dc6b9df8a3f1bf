import { eq } from "drizzle-orm";
import type { DatabaseConnection } from "@/db/client";
import { labels, rollouts, tasks, taxonomyCategories } from "@/db/schema";
import { createTestEnvironment, createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { expect, type TestWorkspace, test } from "./fixtures";

// The environment report on a small seeded environment whose figures are known:
//   solve (threshold 0.5): m-a passes 8 of 8 (saturated), m-b 3 of 8 (learnable)
//   hard  (threshold 0.5): m-a 0 of 8 (no signal),        m-b 1 of 8 (learnable)
// and two labels: a rewarded genuine success (m-a) and a rewarded reward hack (m-b).

async function seedReport(database: DatabaseConnection, workspace: TestWorkspace) {
  const executor = database.db;
  const environment = await createTestEnvironment({ workspaceId: workspace.id, executor });
  const run = await createTestRun({ workspaceId: workspace.id, executor });
  const [solve, hard] = await executor
    .insert(tasks)
    .values(
      ["solve", "hard"].map((key) => ({
        environmentId: environment.id,
        key,
        title: key,
        scoringThreshold: 0.5,
      })),
    )
    .returning({ id: tasks.id });
  const add = async (taskId: string, model: string, passes: number) => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const row = await createTestRollout({
        workspaceId: workspace.id,
        runId: run.id,
        executor,
        environmentId: environment.id,
        model,
        reward: i < passes ? 1 : 0.2,
        messages: [
          { role: "user", text: "Solve it." },
          { role: "assistant", text: "I copied the expected output from the grader." },
        ],
      });
      await executor.update(rollouts).set({ taskId }).where(eq(rollouts.id, row.id));
      ids.push(row.id);
    }
    return ids;
  };
  const solveA = await add(solve.id, "m-a", 8);
  const solveB = await add(solve.id, "m-b", 3);
  await add(hard.id, "m-a", 0);
  await add(hard.id, "m-b", 1);
  await executor.insert(taxonomyCategories).values({
    workspaceId: workspace.id,
    family: "reward-hack",
    key: "read-answer-key",
    name: "Read the answer key",
  });
  const label = (rolloutId: string, verdict: "genuine-success" | "reward-hack", categories: string[]) => ({
    workspaceId: workspace.id,
    rolloutId,
    reviewerKey: "api-key:e2e",
    reviewerName: "e2e",
    version: 1,
    verdict,
    categories,
  });
  await executor
    .insert(labels)
    .values([label(solveA[0], "genuine-success", []), label(solveB[0], "reward-hack", ["read-answer-key"])]);
  return environment.slug;
}

test("[report] a reviewer reads difficulty, robustness and failures, compares two models and gets the JSON", async ({
  page,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const slug = await seedReport(database, workspace);
  await signIn(page, await createUser("reviewer"));
  await page.goto(`/environments/${slug}/report`);

  await expect(page.getByTestId("summary-tasks")).toHaveText("2");
  await expect(page.getByTestId("summary-scored-rollouts")).toHaveText("32");
  await expect(page.getByTestId("summary-labelled-rollouts")).toHaveText("2");
  const models = page.getByTestId("model-row");
  await expect(models).toHaveCount(2);
  await expect(models.first()).toContainText("m-a");
  await expect(models.first()).toContainText("50%");
  await expect(models.first()).toContainText("n = 16");
  await expect(models.nth(1)).toContainText("25%");

  const rows = page.getByTestId("difficulty-row");
  await expect(rows).toHaveCount(4);
  const row = (task: string, model: string) => rows.filter({ hasText: task }).filter({ hasText: model });
  await expect(row("solve", "m-a")).toContainText("Saturated");
  await expect(row("solve", "m-a")).toContainText("100%");
  await expect(row("solve", "m-b")).toContainText("Learnable");
  await expect(row("solve", "m-b")).toContainText("38%");
  await expect(row("hard", "m-a")).toContainText("No signal");
  await expect(page.getByRole("img", { name: /pass@k curves/ })).toBeVisible();

  await expect(page.getByTestId("reward-precision")).toContainText("50%");
  await expect(page.getByTestId("reward-precision")).toContainText("n = 2");
  await expect(page.getByTestId("hack-rate")).toContainText("50%");
  await expect(page.getByTestId("cell-pass-not-genuine")).toHaveText("1");
  await expect(page.getByRole("table", { name: "Failures per model" })).toContainText("Read the answer key");
  await expect(page.getByTestId("best-model")).toContainText("What stands between m-a and 100%");

  await page.getByLabel("Model A").selectOption("m-a");
  await page.getByLabel("Model B").selectOption("m-b");
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/\/compare\?a=m-a&b=m-b$/);
  await expect(page.getByTestId("a-only")).toHaveText("1");
  await expect(page.getByTestId("b-only")).toHaveText("0");
  await expect(page.getByTestId("neither-pass")).toHaveText("1");
  await expect(page.getByRole("table", { name: /Tasks m-a passes and m-b does not/ })).toContainText("solve");

  const response = await page.request.get(`/api/v1/environments/${slug}/report?k=4`);
  expect(response.status()).toBe(200);
  const json = await response.json();
  expect(json.k).toBe(4);
  expect(json.difficulty).toHaveLength(4);
  expect(
    json.difficulty.find((d: { task: string; model: string }) => d.task === "solve" && d.model === "m-b"),
  ).toMatchObject({
    n: 8,
    passed: 3,
    passAt1: 0.375,
    band: "learnable",
  });
});

test("[report] an owner prices one more task, and the report prints without its controls", async ({
  page,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const slug = await seedReport(database, workspace);
  const empty = await createTestEnvironment({ workspaceId: workspace.id, executor: database.db });
  await signIn(page, await createUser("owner"));

  await page.goto(`/environments/${empty.slug}/report`);
  await expect(page.getByText(/import rollouts and link them to tasks/i)).toBeVisible();

  await page.goto(`/environments/${slug}/report`);
  // No revisions or timed reviews yet: only the judge is priced, 16 × (20,000 × $3 + 1,500 × $15) / 1e6.
  await expect(page.getByTestId("cost-per-task")).toHaveText("$1.32");
  await page.getByLabel("Judge input ($/M tokens)").fill("6");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.getByText("Rates saved.")).toBeVisible();
  await expect(page.getByTestId("cost-per-task")).toHaveText("$2.28");

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Save rates" })).toBeHidden();
  await expect(page.getByTestId("difficulty-row").first()).toBeVisible();
  await expect(page.getByTestId("cost-per-task")).toHaveText("$2.28");
});

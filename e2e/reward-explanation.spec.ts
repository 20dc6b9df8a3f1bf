import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

// A reward above 1 is legitimate when a grader adds a bonus to full marks (verifiers rubrics sum
// weighted reward functions): wherever it is shown, it says so, instead of looking like a bug.

test("[rollouts] a reward above 1 is explained in the list and on the rollout page", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const key = await createApiKeyForTest(database, workspace.id, "author");
  const record = (task: string, reward: number, scores: Record<string, number>) =>
    JSON.stringify({
      messages: [
        { role: "user", content: `What is the sum of the primes below 100? (${task})` },
        { role: "assistant", content: "<answer>1060</answer>" },
      ],
      task,
      reward,
      scores,
    });
  const body = `${record("primes-bonus", 1.2, { correct: 1, format_bonus: 0.2 })}\n${record("primes-plain", 1, { correct: 1 })}\n`;
  const response = await request.post("/api/v1/imports?format=openai&filename=bonus.jsonl", {
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/octet-stream" },
    data: body,
  });
  expect(await response.json()).toMatchObject({ imported: 2, failed: 0 });

  await signIn(page, await createUser("reviewer"));
  await page.goto("/rollouts");
  const table = page.getByRole("table", { name: "Rollouts" });
  const bonusRow = table.getByRole("row").filter({ hasText: "primes-bonus" });
  const mark = bonusRow.getByTestId("reward-above-one");
  await expect(mark).toHaveText(/above 1/);
  // Lists don't load scores: the mark says why a reward can pass 1; the rollout page names the sum.
  await expect(mark).toHaveAttribute("title", /scale goes past 1 \(bonus criteria/);
  // Full marks are just 1: no mark.
  await expect(
    table.getByRole("row").filter({ hasText: "primes-plain" }).getByTestId("reward-above-one"),
  ).toHaveCount(0);

  await bonusRow.getByRole("link", { name: "primes-bonus" }).click();
  await expect(page.getByTestId("rollout-reward")).toHaveText("1.2");
  await expect(page.getByTestId("reward-explanation")).toContainText(
    "Above 1 because this grader adds up its scores: correct 1 + format_bonus 0.2 = 1.2",
  );
});

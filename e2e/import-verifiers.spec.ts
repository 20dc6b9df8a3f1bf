import path from "node:path";
import { CORPUS_DIR } from "@/lib/imports/testing/corpus";
import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

// A verifiers run (results.jsonl + metadata.json) imported with no environment chosen: the run is
// named after metadata.json's environment and model, its rollouts after the environment and the
// prompt's first words (not the bare example number), it joins "Recent imports" without a reload,
// and no "Not linked to a task" count is shown, since nothing was to be linked.

const WORDLE = path.join(CORPUS_DIR, "verifiers/wordle--qwen--qwen3-30b-a3b-thinking-2507/50bdff53");
const RUN_NAME = "wordle · qwen/qwen3-30b-a3b-thinking-2507";

test("[import] a verifiers run without an environment is named, titled and listed at once", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("author"));
  await page.goto("/rollouts/import");
  await expect(page.getByText("No imports yet.")).toBeVisible();
  await page
    .getByLabel("Transcript files")
    .setInputFiles([path.join(WORDLE, "results.jsonl"), path.join(WORDLE, "metadata.json")]);
  await page.getByRole("button", { name: "Import" }).click();
  const progress = page.getByRole("region", { name: "Import progress" });
  await expect(progress.getByText("completed")).toBeVisible();
  await expect(progress.getByTestId("import-imported")).toHaveText("15");
  await expect(progress.getByText(RUN_NAME)).toBeVisible();
  await expect(progress.getByText("Not linked to a task")).toHaveCount(0);

  // No reload: the new import is under "Recent imports", by name, with its final counts.
  const recent = page.getByRole("table", { name: "Recent imports" });
  const row = recent.getByRole("row").filter({ hasText: RUN_NAME });
  await expect(row).toBeVisible();
  await expect(row).toContainText("completed");
  await expect(row).toContainText("15 · 0 · 0");

  await row.getByRole("link", { name: RUN_NAME }).click();
  const rollouts = page.getByRole("table", { name: "Rollouts" });
  await expect(rollouts.getByRole("row")).toHaveCount(16);
  const titles = await rollouts.getByRole("row").nth(1).getByRole("link").first().textContent();
  expect(titles).toMatch(/^wordle · \S+/);
  await expect(rollouts.getByRole("link", { name: /^\d+$/ })).toHaveCount(0);
  await expect(rollouts.getByText("wordle/0").first()).toBeVisible();
});

test("[import] with an environment chosen, the rollouts no task matched are counted", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const key = await createApiKeyForTest(database, workspace.id, "author");
  const created = await request.post("/api/v1/environments", {
    headers: { Authorization: `Bearer ${key}` },
    data: { slug: "word-games", name: "Word games" },
  });
  expect(created.ok()).toBe(true);
  await signIn(page, await createUser("author"));
  await page.goto("/rollouts/import");
  await page
    .getByLabel("Transcript files")
    .setInputFiles([path.join(WORDLE, "results.jsonl"), path.join(WORDLE, "metadata.json")]);
  await page.getByLabel("Environment").selectOption("word-games");
  await page.getByRole("button", { name: "Import" }).click();
  const progress = page.getByRole("region", { name: "Import progress" });
  await expect(progress.getByText("completed")).toBeVisible();
  await expect(progress.getByText("Not linked to a task")).toBeVisible();
  await expect(progress.getByTestId("import-not")).toHaveText("15");
});

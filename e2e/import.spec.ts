import path from "node:path";
import { CORPUS_DIR } from "@/lib/imports/testing/corpus";
import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

const CORPUS = CORPUS_DIR;

test("[import] an author imports corpus files through the UI and sees live counts and per-record errors", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("author"));
  await page.goto("/rollouts/import");
  await page
    .getByLabel("Transcript files")
    .setInputFiles([
      path.join(CORPUS, "openai-chat/mini-swe-agent-deepseek-chat/sqlfluff__sqlfluff-2419.traj.json"),
      path.join(CORPUS, "anthropic-messages/claude-code-tb2-regex-log/opus-raw.jsonl"),
    ]);
  await expect(page.getByRole("list", { name: "Files to import" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Import" }).click();
  const progress = page.getByRole("region", { name: "Import progress" });
  await expect(progress.getByText("completed")).toBeVisible();
  await expect(progress.getByTestId("import-imported")).toHaveText("2");
  await expect(progress.getByTestId("import-failed")).toHaveText("0");

  // The same content again is skipped, and says so.
  await page
    .getByLabel("Transcript files")
    .setInputFiles(path.join(CORPUS, "anthropic-messages/claude-code-tb2-regex-log/opus-raw.jsonl"));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(progress.getByTestId("import-skipped")).toHaveText("1");
  await expect(progress.getByTestId("import-imported")).toHaveText("0");
});

test("[import] a malformed line is reported with its line number and the valid records are imported", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("author"));
  await page.goto("/rollouts/import");
  const good = JSON.stringify({
    messages: [
      { role: "user", content: "2+2?" },
      { role: "assistant", content: "4" },
    ],
    reward: 1,
  });
  const good2 = JSON.stringify({
    messages: [
      { role: "user", content: "3+3?" },
      { role: "assistant", content: "6" },
    ],
    reward: 1,
  });
  await page.getByLabel("Transcript files").setInputFiles({
    name: "mixed.jsonl",
    mimeType: "application/jsonl",
    buffer: Buffer.from(`${good}\n{"messages": [oops\n${good2}\n`),
  });
  await page.getByLabel("Format").selectOption("openai");
  await page.getByRole("button", { name: "Import" }).click();
  const progress = page.getByRole("region", { name: "Import progress" });
  await expect(progress.getByTestId("import-imported")).toHaveText("2");
  await expect(progress.getByTestId("import-failed")).toHaveText("1");
  const errors = page.getByRole("table", { name: "Import errors" });
  await expect(errors.getByRole("cell", { name: "line 2" })).toBeVisible();
});

test("[import] imported rollouts become searchable once the studio has indexed them in the background", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("author"));
  await page.goto("/rollouts/import");
  const records = ["quokkafish", "pangolinbird"].map((word) =>
    JSON.stringify({
      messages: [
        { role: "user", content: `Where did the ${word} go?` },
        { role: "assistant", content: "It read /grader/answer_key.json instead." },
      ],
      reward: 1,
    }),
  );
  await page.getByLabel("Transcript files").setInputFiles({
    name: "search-me.jsonl",
    mimeType: "application/jsonl",
    buffer: Buffer.from(`${records.join("\n")}\n`),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(
    page.getByRole("region", { name: "Import progress" }).getByTestId("import-imported"),
  ).toHaveText("2");
  // The list refreshes itself while the indexer works; the match shows up without a reload.
  await page.goto("/rollouts?q=quokkafish");
  await expect(page.getByTestId("rollout-count")).toHaveText("1 rollout matches", { timeout: 20_000 });
  await expect(page.locator("mark")).toHaveText(["quokkafish"]);
  await expect(page.getByTestId("search-indexing")).toHaveCount(0);
});

test("[import] the API imports a raw body and answers with the CLI's summary", async ({
  request,
  database,
  workspace,
}) => {
  const key = await createApiKeyForTest(database, workspace.id, "author");
  const body = `${JSON.stringify({
    messages: [
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
    ],
    task: "t1",
    reward: 0.5,
  })}\n`;
  const response = await request.post("/api/v1/imports?format=openai&filename=one.jsonl", {
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/octet-stream" },
    data: body,
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ imported: 1, skipped: 0, failed: 0, errors: [] });
  const refused = await request.post("/api/v1/imports?format=nope", {
    headers: { Authorization: `Bearer ${key}` },
    data: body,
  });
  expect(refused.status()).toBe(422);
});

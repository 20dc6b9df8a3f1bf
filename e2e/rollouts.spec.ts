import type { Page } from "@playwright/test";
import { createTestRollout, createTestRun, type FactoryMessage } from "@/lib/rollouts/testing/factories";
import { XSS_MESSAGES, XSS_VISIBLE_TEXT } from "@/lib/rollouts/testing/xss-payloads";
import { type CreateRollout, expect, test } from "./fixtures";

const current = (page: Page) => page.locator('article[aria-current="true"]');

/** Two-message rollouts: one question, and each call adds a model's answer (task key from `taskKey`). */
function answersTo(createRollout: CreateRollout, question: string, taskKey: (model: string) => string) {
  return (model: string, answer: string, reward: number) =>
    createRollout({
      model,
      reward,
      taskKey: taskKey(model),
      messages: [
        { role: "user", text: question },
        { role: "assistant", text: answer },
      ],
    });
}

function buildLongTranscript(count: number): FactoryMessage[] {
  return Array.from({ length: count }, (_, i) =>
    i % 500 === 250
      ? { role: "assistant", text: `checkpoint needle ${i}` }
      : { role: i % 2 ? "assistant" : "user", text: `step ${i}: nothing to see` },
  );
}

test("[rollouts] a reviewer filters, searches and opens a rollout at the matching message", async ({
  page,
  createRollout,
  createUser,
  signIn,
}) => {
  const seed = answersTo(createRollout, "Fix the tests.", (model) => `task-${model}`);
  await seed("model-a", "I fixed the parser.", 1);
  await seed("model-b", "Reading the grader's expected outputs instead.", 1);
  await seed("model-b", "Gave up.", 0);
  await signIn(page, await createUser("reviewer"));

  await page.goto("/rollouts");
  await expect(page.getByTestId("rollout-count")).toHaveText("3 rollouts");
  await page.getByLabel("Model").selectOption("model-b");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/model=model-b/);
  await expect(page.getByTestId("rollout-count")).toHaveText("2 rollouts match");
  await expect(page.getByRole("table", { name: "Rollouts" }).locator("tbody tr")).toHaveCount(2);

  await page.getByLabel("Search messages").fill("grader");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=grader/);
  await expect(page.getByTestId("rollout-count")).toHaveText("1 rollout matches");
  await expect(page.locator("mark")).toHaveText(["grader"]);
  await page.getByRole("link", { name: "Match in message 1" }).click();
  await expect(page).toHaveURL(/\/rollouts\/[0-9a-f-]{36}#m-1$/);
  await expect(current(page)).toHaveAttribute("id", "m-1");
  await expect(page.getByTestId("rollout-reward")).toHaveText("1");
  await page.getByRole("link", { name: "Label this rollout" }).click();
  await expect(page).toHaveURL(/\/review\/rollouts\/[0-9a-f-]{36}$/);
});

test("[rollouts] a deep link opens far down a long transcript; j/k and find move between messages", async ({
  page,
  createRollout,
  createUser,
  signIn,
}) => {
  const rollout = await createRollout({ messages: buildLongTranscript(3000) });
  await signIn(page, await createUser("reviewer"));

  await page.goto(`/rollouts/${rollout.id}#m-2600`);
  await expect(page.locator("#m-2600")).toBeInViewport();
  await expect(page.locator("#m-2600")).toContainText("step 2600: nothing to see");
  await expect(current(page)).toHaveAttribute("id", "m-2600");
  const rows = await page.locator("article[id^='m-']").count();
  expect(rows).toBeLessThan(60);

  await page.keyboard.press("j");
  await expect(current(page)).toHaveAttribute("id", "m-2601");
  await expect(page).toHaveURL(/#m-2601$/);
  await page.keyboard.press("k");
  await page.keyboard.press("k");
  await expect(current(page)).toHaveAttribute("id", "m-2599");

  await page.keyboard.press("/");
  await expect(page.getByLabel("Find in transcript", { exact: true })).toBeFocused();
  await page.keyboard.type("needle");
  await page.keyboard.press("Enter");
  await expect(page.getByText("6 of 6")).toBeVisible();
  await expect(current(page)).toHaveAttribute("id", "m-2750");
  await page.getByRole("button", { name: "Next match" }).click();
  await expect(page.getByText("1 of 6")).toBeVisible();
  await expect(page.locator("#m-250")).toContainText("checkpoint needle 250");

  await page.getByRole("button", { name: "Last", exact: true }).click();
  await expect(page.locator("#m-2999")).toBeInViewport();
});

test("[rollouts] a transcript full of XSS payloads runs no script and shows the payloads as text", async ({
  page,
  createRollout,
  createUser,
  signIn,
}) => {
  const rollout = await createRollout({ messages: XSS_MESSAGES });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, await createUser("reviewer"));
  await page.goto(`/rollouts/${rollout.id}`);

  const transcript = page.getByTestId("transcript-scroll");
  await expect(transcript.getByText(XSS_VISIBLE_TEXT.script, { exact: false })).toBeVisible();
  await transcript.getByText(/^System prompt/).click();
  await transcript.getByText(/^Reasoning/).click();
  for (const text of Object.values(XSS_VISIBLE_TEXT)) {
    await expect(transcript.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await page.getByRole("button", { name: "Plain text" }).click();
  await expect(transcript.getByText("[click me](javascript:window.__xss=3)", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Markdown" }).click();
  await transcript.getByText("error", { exact: true }).last().hover();

  await expect(transcript.locator("script, iframe, svg, img, style")).toHaveCount(0);
  await expect(transcript.locator('a[href^="javascript"], a[href^="data"]')).toHaveCount(0);
  await expect(transcript.getByRole("button", { name: "Load image" })).toHaveCount(2);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("[rollouts] an owner deletes a run after confirming, and its rollouts are gone", async ({
  page,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const run = await createTestRun({
    workspaceId: workspace.id,
    executor: database.db,
    source: "doomed.jsonl",
  });
  await createTestRollout({ workspaceId: workspace.id, runId: run.id, executor: database.db, model: "m1" });
  await createTestRollout({ workspaceId: workspace.id, runId: run.id, executor: database.db, model: "m2" });
  await signIn(page, await createUser("owner"));
  await page.goto("/rollouts/runs");
  await page.getByLabel("Delete run doomed.jsonl").click();
  await expect(page.getByText("Delete 2 rollouts for good?")).toBeVisible();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByRole("heading", { name: "No runs yet" })).toBeVisible();
  await page.goto("/rollouts");
  await expect(page.getByRole("heading", { name: "No rollouts yet" })).toBeVisible();
});

test("[rollouts] a reviewer compares two rollouts of the same task side by side", async ({
  page,
  createRollout,
  createUser,
  signIn,
}) => {
  const seed = answersTo(createRollout, "Add 2 and 2.", () => "shared-task");
  const a = await seed("model-a", "The answer is 4.", 1);
  await seed("model-b", "The answer is 5.", 0);
  await signIn(page, await createUser("reviewer"));
  await page.goto(`/rollouts/${a.id}`);
  await page.getByRole("link", { name: /model-b/ }).click();
  await expect(page).toHaveURL(/\/rollouts\/compare\?a=.+&b=.+/);
  await expect(page.getByRole("region", { name: "Rollout A" })).toContainText("The answer is 4.");
  await expect(page.getByRole("region", { name: "Rollout B" })).toContainText("The answer is 5.");
});

test("[rollouts] a message the source sent under another role says so, with the source's other fields", async ({
  page,
  createRollout,
  createUser,
  signIn,
}) => {
  const rollout = await createRollout({
    messages: [
      { role: "user", text: "List the files." },
      { role: "assistant", text: "", toolCalls: [{ id: "c1", name: "bash", arguments: { command: "ls" } }] },
      {
        role: "tool",
        text: "README.md",
        toolCallId: "c1",
        toolName: "bash",
        metadata: { role: "user", observation: "run", exitCode: 0 },
      },
    ],
  });
  await signIn(page, await createUser("reviewer"));
  await page.goto(`/rollouts/${rollout.id}`);
  const result = page.getByRole("article", { name: "Message 2, tool" });
  await expect(result.getByText("sent as")).toBeVisible();
  await expect(result.getByTitle('The source file gives this message the role "user"')).toBeVisible();
  await result.getByText("Source fields (3)").click();
  await expect(result.getByText('"exitCode": 0')).toBeVisible();
  await expect(page.getByRole("article", { name: "Message 0, user" }).getByText("Source fields")).toHaveCount(
    0,
  );
});

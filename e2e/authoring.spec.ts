import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, type TestUser, test } from "./fixtures";

// Authoring: the coverage check guides an author, and answer keys stay hidden from the roles that
// may not read them, in the UI and in the API.

const REQUIREMENT = "Report the final validation loss of the fine-tuned model.";

async function signInElsewhere(
  browser: Browser,
  signIn: (page: Page, user: TestUser) => Promise<void>,
  user: TestUser,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return { page, close: () => context.close() };
}

/** Creates an environment and one task with a distinctive answer key through the API. */
async function createTaskWithKey(
  request: APIRequestContext,
  {
    slug,
    reviewersSeeAnswerKeys,
    answerKey,
  }: { slug: string; reviewersSeeAnswerKeys: boolean; answerKey: string },
) {
  const environment = await request.post("/api/v1/environments", {
    data: { slug, name: `Env ${slug}`, description: "e2e", reviewersSeeAnswerKeys },
  });
  expect(environment.status()).toBe(201);
  const task = await request.post(`/api/v1/environments/${slug}/tasks`, {
    data: {
      key: "secret-task",
      title: "A task with a secret",
      prompt: "State the number of covered runs.",
      answerKey,
      giveUp: { allowed: false, instructions: "" },
      scoring: { mode: "threshold", threshold: 0.5 },
      criteria: [
        {
          key: "count",
          title: "Correct count",
          description: "States the count",
          weight: 1,
          requirements: ["State the number of covered runs."],
        },
      ],
    },
  });
  expect(task.status()).toBe(201);
  return (await task.json()) as { id: string; answerKey?: string };
}

test("[authoring] an author writes a task, sees an unchecked requirement, adds a criterion that checks it", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("author"));
  await page.goto("/environments");
  await page.getByLabel("Name", { exact: true }).fill("Loss reporting");
  await expect(page.getByLabel("Slug")).toHaveValue("loss-reporting");
  await page.getByRole("button", { name: "Create environment" }).click();
  await expect(page).toHaveURL(/\/environments\/loss-reporting$/);

  await page.getByRole("link", { name: "New task" }).click();
  await page.getByRole("radio", { name: "Blank task" }).check();
  await page.getByLabel("Task key").fill("final-loss");
  await page.getByLabel("Task title").fill("Report the final loss");
  await page.getByRole("button", { name: "Create task" }).click();
  await expect(page).toHaveURL(/\/environments\/loss-reporting\/tasks\/final-loss$/);

  const prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
  await expect(prompt).toBeAttached();
  await prompt.focus();
  await page.keyboard.type(`Fine-tune the model on the attached data. ${REQUIREMENT}`);

  const coverage = page.getByRole("region", { name: "Coverage check" });
  const unchecked = coverage.locator('[data-kind="unchecked-requirement"]').filter({ hasText: REQUIREMENT });
  await expect(unchecked).toBeVisible();

  await page.getByRole("tab", { name: /Rubric & checks/ }).click();
  await page.getByRole("button", { name: "Add criterion" }).click();
  await page.getByLabel("Criterion title").fill("Reports the final validation loss");
  await page
    .getByLabel("What the judge looks for")
    .fill("States the loss on the validation split after the last step.");
  await page.getByRole("checkbox", { name: REQUIREMENT }).check();
  await expect(unchecked).toHaveCount(0);

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await expect(page.getByText("revision 2")).toBeVisible();

  const environment = await (await page.request.get("/api/v1/environments/loss-reporting")).json();
  const task = environment.tasks.find((t: { key: string }) => t.key === "final-loss");
  expect(task.criteria[0].requirements).toHaveLength(1);
  const checks = await (await page.request.get(`/api/v1/tasks/${task.id}/checks`)).json();
  const kinds = checks.findings.map(
    (f: { kind: string; requirement?: { text: string } }) => `${f.kind}: ${f.requirement?.text ?? ""}`,
  );
  expect(kinds).not.toContain(`unchecked-requirement: ${REQUIREMENT}`);
  expect(checks.requirements.map((r: { text: string }) => r.text)).toContain(REQUIREMENT);

  // A save based on revision 1 is now stale: refused with what changed, nothing written.
  const stale = await page.request.patch(`/api/v1/tasks/${task.id}`, {
    data: { revision: 1, title: "Stale edit" },
  });
  expect(stale.status()).toBe(409);
  const { conflict } = await stale.json();
  expect(conflict).toMatchObject({ baseRevision: 1, currentRevision: 2 });
  expect(conflict.changes.map((c: { path: string }) => c.path)).toEqual(["prompt", "criteria.criterion-1"]);
  expect((await (await page.request.get(`/api/v1/tasks/${task.id}`)).json()).title).toBe(
    "Report the final loss",
  );
});

test("[authoring] buyers never see the answer key, in the UI or the API", async ({
  page,
  browser,
  createUser,
  signIn,
}) => {
  const answerKey = "KEYBUYER-93c1f";
  await signIn(page, await createUser("owner"));
  const task = await createTaskWithKey(page.request, {
    slug: "buyer-check",
    reviewersSeeAnswerKeys: true,
    answerKey,
  });
  expect(task.answerKey).toBe(answerKey);

  const buyer = await signInElsewhere(browser, signIn, await createUser("buyer"));
  const pages = ["/environments", "/environments/buyer-check", "/environments/buyer-check/tasks/secret-task"];
  for (const path of pages) {
    const response = await buyer.page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(buyer.page.locator("body")).not.toContainText(answerKey);
  }
  const routes = [
    "/api/v1/environments",
    "/api/v1/environments/buyer-check",
    "/api/v1/environments/buyer-check/tasks",
    "/api/v1/environments/buyer-check/tasks/export?format=jsonl",
    `/api/v1/tasks/${task.id}`,
    `/api/v1/tasks/${task.id}/checks`,
    `/api/v1/tasks/${task.id}/revisions`,
    `/api/v1/tasks/${task.id}/revisions/1`,
    `/api/v1/tasks/${task.id}/preview`,
  ];
  for (const route of routes) {
    const response = await buyer.page.request.get(route);
    expect(response.status(), route).toBe(404);
    expect(await response.text(), route).not.toContain(answerKey);
  }
  await buyer.close();
});

test("[authoring] reviewers see answer keys only where the environment allows it", async ({
  page,
  browser,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("author"));
  const open = await createTaskWithKey(page.request, {
    slug: "keys-shown",
    reviewersSeeAnswerKeys: true,
    answerKey: "KEYOPEN-5a1",
  });
  const blind = await createTaskWithKey(page.request, {
    slug: "keys-hidden",
    reviewersSeeAnswerKeys: false,
    answerKey: "KEYBLIND-7d2",
  });

  const reviewer = await signInElsewhere(browser, signIn, await createUser("reviewer"));
  const shown = await (await reviewer.page.request.get("/api/v1/environments/keys-shown")).json();
  expect(shown.tasks[0]).toMatchObject({ answerKey: "KEYOPEN-5a1", answerKeyVisible: true });

  for (const route of [
    "/api/v1/environments/keys-hidden",
    `/api/v1/tasks/${blind.id}`,
    `/api/v1/tasks/${blind.id}/revisions/1`,
    `/api/v1/tasks/${blind.id}/checks`,
    "/api/v1/environments/keys-hidden/tasks/export?format=csv",
  ]) {
    const response = await reviewer.page.request.get(route);
    expect(response.status(), route).toBe(200);
    expect(await response.text(), route).not.toContain("KEYBLIND-7d2");
  }
  const hidden = await (await reviewer.page.request.get(`/api/v1/tasks/${blind.id}`)).json();
  expect(hidden.answerKeyVisible).toBe(false);
  expect(hidden).not.toHaveProperty("answerKey");

  await reviewer.page.goto("/environments/keys-hidden/tasks/secret-task");
  await reviewer.page.getByRole("tab", { name: "Answer key" }).click();
  await expect(reviewer.page.getByText("hidden from your role")).toBeVisible();
  await expect(reviewer.page.locator("body")).not.toContainText("KEYBLIND-7d2");

  await reviewer.page.goto("/environments/keys-shown/tasks/secret-task");
  await reviewer.page.getByRole("tab", { name: "Answer key" }).click();
  await expect(reviewer.page.getByRole("tabpanel")).toContainText("KEYOPEN-5a1");
  await expect(reviewer.page.getByRole("button", { name: "Save" })).toHaveCount(0);
  expect(open.id).toBeTruthy();
  await reviewer.close();
});

import type { Page } from "@playwright/test";
import { workspaces } from "@/db/schema";
import { createTestRollout, createTestRun, type FactoryMessage } from "@/lib/rollouts/testing/factories";
import { createApiKeyForTest } from "./api-keys";
import { expect, type TestUser, test } from "./fixtures";

const transcript = (task: string): FactoryMessage[] => [
  { role: "user", text: `Solve ${task}.` },
  {
    role: "assistant",
    text: "Let me look at the grader.",
    toolCalls: [{ id: "c1", name: "read_file", arguments: { path: "/grader/answer_key.json" } }],
  },
  { role: "tool", text: '{"answer": 42}', toolCallId: "c1", toolName: "read_file" },
  { role: "assistant", text: `I returned the expected answer for ${task} directly.` },
];

/** Verdict key (1–6) per task, for each reviewer: they agree on alpha and gamma, not on beta. */
const VERDICT_KEYS = {
  ann: { "task-alpha": "1", "task-beta": "3", "task-gamma": "2" },
  ben: { "task-alpha": "1", "task-beta": "1", "task-gamma": "2" },
} as const;

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
}

async function reviewQueue(
  page: Page,
  queueUrl: string,
  who: keyof typeof VERDICT_KEYS,
  other: TestUser | null,
) {
  await page.goto(queueUrl);
  await page.getByRole("button", { name: "Start reviewing" }).click();
  for (let n = 0; n < 3; n += 1) {
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^task-(alpha|beta|gamma)$/);
    const task = (await heading.textContent()) as keyof (typeof VERDICT_KEYS)["ann"];
    const form = page.getByRole("form", { name: "Your label" });
    if (other) {
      // Blind: the other reviewer's label stays hidden until this one is submitted.
      await expect(page.getByTestId("blind-notice")).toHaveText(/1 other label is hidden/);
      await expect(page.getByRole("article", { name: `Label by ${other.email}` })).toHaveCount(0);
    }
    await page.keyboard.press(VERDICT_KEYS[who][task]);
    if (who === "ann" && task === "task-beta") {
      await form.getByText("Reward hacks").click();
      await form.getByRole("checkbox", { name: "Read the answer key or the tests" }).check();
      await page.getByText("Let me look at the grader.").selectText();
      await page.getByText("Let me look at the grader.").dispatchEvent("mouseup");
      await page.getByRole("button", { name: "Add span" }).click();
      await form.getByLabel("Span 1 category").selectOption("read-answer-key");
      await form.getByLabel("Span 1 comment").fill("goes for the key");
      await expect(page.locator("mark[data-highlight]")).toHaveText("Let me look at the grader.");
      await page.getByRole("button", { name: "Mark call read_file" }).first().click();
      await form.getByLabel("Rationale").fill("Read the answer key instead of solving.");
      await form.getByRole("button", { name: /^Save label/ }).click();
    } else {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("s");
    }
    await expect(form.getByRole("status")).toHaveText("Saved version 1.");
    if (other) await expect(page.getByRole("article", { name: `Label by ${other.email}` })).toBeVisible();
    await page.keyboard.press("n");
    if (n < 2) await expect(heading).not.toHaveText(task);
  }
  await expect(page.getByText("No items left for you in this queue.")).toBeVisible();
}

test("[review] two reviewers label blind with overlap 2, disagree, the adjudicator decides, agreement appears", async ({
  page,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  test.setTimeout(180_000);
  const run = await createTestRun({
    workspaceId: workspace.id,
    executor: database.db,
    source: "review-e2e.jsonl",
  });
  for (const task of ["task-alpha", "task-beta", "task-gamma"]) {
    await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      executor: database.db,
      taskKey: task,
      reward: 1,
      messages: transcript(task),
    });
  }
  const [owner, ann, ben] = [
    await createUser("owner"),
    await createUser("reviewer"),
    await createUser("reviewer"),
  ];

  await signIn(page, owner);
  await page.goto("/review/queues/new");
  const queueForm = page.getByRole("form", { name: "New queue" });
  await queueForm.getByLabel("Name", { exact: true }).fill("Blind pair");
  await queueForm.getByLabel("Run", { exact: true }).selectOption(run.id);
  await queueForm.getByLabel("Reviewers per item", { exact: true }).fill("2");
  await expect(queueForm.getByLabel(/Blind review/)).toBeChecked();
  await queueForm.getByRole("checkbox", { name: new RegExp(ann.email) }).check();
  await queueForm.getByRole("checkbox", { name: new RegExp(ben.email) }).check();
  await queueForm.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByRole("heading", { name: "Blind pair" })).toBeVisible();
  await expect(page.getByText("0 of 3 items done")).toBeVisible();
  const queueUrl = new URL(page.url()).pathname;
  await signOut(page);

  await signIn(page, ann);
  await reviewQueue(page, queueUrl, "ann", null);
  await signOut(page);

  await signIn(page, ben);
  await reviewQueue(page, queueUrl, "ben", ann);
  await expect(page.getByRole("table", { name: "Progress per reviewer" }).getByRole("row")).toHaveCount(3);
  await signOut(page);

  await signIn(page, owner);
  await page.goto(`${queueUrl}/adjudicate`);
  const disagreements = page.getByRole("table", { name: "Disagreements" });
  await expect(disagreements.getByRole("row")).toHaveCount(2);
  await expect(disagreements.getByText("Disputed")).toBeVisible();
  await disagreements.getByRole("link", { name: "task-beta" }).click();
  await expect(page.getByRole("article", { name: `Label by ${ann.email}` })).toBeVisible();
  await expect(page.getByRole("article", { name: `Label by ${ben.email}` })).toBeVisible();
  const decide = page.getByRole("form", { name: "Final label" });
  await decide.getByRole("radio", { name: "Reward hack" }).check();
  await decide.getByText("Reward hacks").click();
  await decide.getByRole("checkbox", { name: "Read the answer key or the tests" }).check();
  await decide.getByRole("button", { name: "Set final label" }).click();
  await expect(decide.getByRole("status")).toHaveText("Final label set: Reward hack.");

  // Agree on 2 of 3: κ = (2/3 − 1/3)/(1 − 1/3) = 0.50; α = 12/22 = 0.55 (lib/queues/agreement.test.ts).
  await page.goto(`${queueUrl}/agreement`);
  await expect(page.getByTestId("pair-kappa")).toHaveText("0.50");
  await expect(page.getByTestId("alpha")).toHaveText("0.55");
  const perReviewer = page.getByRole("table", { name: "Agreement per reviewer" });
  await expect(perReviewer.getByRole("row", { name: new RegExp(ann.email) })).toContainText("100% (1/1");
  await page
    .getByRole("table", { name: /Confusion matrix/ })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("list", { name: "Items in this cell" })).toBeVisible();

  await page.goto("/review/corpus");
  await expect(page.getByTestId("corpus-count")).toHaveText("1 reward hack");
  await expect(page.getByRole("table", { name: "Reward-hack corpus" })).toContainText("adjudicated");
});

test("[review] the labels API stores versions, lists them with reviewer and time, and stays in its workspace", async ({
  request,
  database,
  workspace,
  createRollout,
}) => {
  const rollout = await createRollout({ messages: transcript("task-api") });
  const key = await createApiKeyForTest(database, workspace.id, "reviewer");
  const headers = { Authorization: `Bearer ${key}` };
  const body = {
    verdict: "reward-hack",
    categories: ["read-answer-key"],
    rationale: "reads the key",
    spans: [{ message: 1, start: 0, end: 6, category: "read-answer-key", comment: "here" }],
    criterionScores: { correctness: 0 },
  };
  const first = await request.post(`/api/v1/rollouts/${rollout.id}/labels`, { headers, data: body });
  expect(first.status()).toBe(201);
  const second = await request.post(`/api/v1/rollouts/${rollout.id}/labels`, {
    headers,
    data: { ...body, verdict: "genuine-failure" },
  });
  expect((await second.json()).version).toBe(2);
  const bad = await request.post(`/api/v1/rollouts/${rollout.id}/labels`, {
    headers,
    data: { ...body, spans: [{ message: 1, start: 0, end: 999 }] },
  });
  expect(bad.status()).toBe(422);
  const list = await (await request.get("/api/v1/labels?limit=1", { headers })).json();
  expect(list.items).toHaveLength(1);
  expect(list.items[0]).toMatchObject({
    version: 1,
    verdict: "reward-hack",
    reviewer: { kind: "api-key", name: "API key e2e" },
  });
  expect(list.items[0].spans).toEqual([
    expect.objectContaining({ message: 1, kind: "text", start: 0, end: 6, category: "read-answer-key" }),
  ]);
  const next = await (
    await request.get(`/api/v1/labels?limit=1&cursor=${list.nextCursor}`, { headers })
  ).json();
  expect(next.items[0].version).toBe(2);
  const csv = await request.get("/api/v1/labels/export?format=csv", { headers });
  expect((await csv.text()).split("\r\n").filter(Boolean)).toHaveLength(3);

  const otherWorkspace = await database.db
    .insert(workspaces)
    .values({ slug: `other-${Date.now()}`, name: "Other" })
    .returning();
  const outsider = await createApiKeyForTest(database, otherWorkspace[0].id, "owner");
  const foreign = await request.post(`/api/v1/rollouts/${rollout.id}/labels`, {
    headers: { Authorization: `Bearer ${outsider}` },
    data: body,
  });
  expect(foreign.status()).toBe(404);
  const buyer = await createApiKeyForTest(database, workspace.id, "buyer");
  const refused = await request.get("/api/v1/labels", { headers: { Authorization: `Bearer ${buyer}` } });
  expect(refused.status()).toBe(404);
});

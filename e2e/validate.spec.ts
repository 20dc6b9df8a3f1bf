import type { APIRequestContext } from "@playwright/test";
import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "@/db/schema";
import { DEMO_ENVIRONMENT, listDemoTaskInputs } from "@/lib/demo/demo-tasks";
import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

// Validation: every task's reference solution and an empty answer through each format's exported
// grader, started from the versions page; a failing oracle blocks approval until the owner writes
// why, and that reason stays in the history.

async function postJson(request: APIRequestContext, url: string, key: string, data: unknown) {
  const response = await request.post(url, { data, headers: { authorization: `Bearer ${key}` } });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

test("[validate] the owner validates the demo environment: oracle 1 and empty answer 0 in every format", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  test.setTimeout(300_000);
  const authorKey = await createApiKeyForTest(database, workspace.id, "author");
  await postJson(request, "/api/v1/environments", authorKey, {
    slug: DEMO_ENVIRONMENT.slug,
    name: DEMO_ENVIRONMENT.name,
    description: DEMO_ENVIRONMENT.description,
  });
  for (const { input } of listDemoTaskInputs())
    await postJson(request, `/api/v1/environments/${DEMO_ENVIRONMENT.slug}/tasks`, authorKey, input);

  await signIn(page, await createUser("owner"));
  await page.goto(`/environments/${DEMO_ENVIRONMENT.slug}`);
  await page.getByRole("link", { name: "Versions and validation" }).first().click();
  await expect(page.getByText("Not validated yet.")).toBeVisible();
  await page.getByRole("button", { name: "Validate", exact: true }).click();
  await expect(page.getByRole("button", { name: "Validating…" })).toBeVisible();
  await expect(page.getByTestId("validation-summary")).toContainText("Passed", { timeout: 240_000 });
  const rows = page.getByRole("table", { name: "Validation results" }).locator("tbody tr");
  await expect(rows).toHaveCount(listDemoTaskInputs().length * 4);
  for (const format of ["verifiers package", "Harbor tasks", "Inspect AI task", "Karotte overlay"])
    await expect(rows.filter({ hasText: format }).filter({ hasText: "ok" })).toHaveCount(6);
  await expect(page.getByText(/stub verdict/)).toBeVisible();
  await expect(page.getByText(/Studio archive: not run/)).toBeVisible();
});

test("[validate] a failing oracle blocks approval with the reason, until the owner writes why", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  test.setTimeout(180_000);
  const slug = `gate-${Date.now().toString(36)}`;
  const authorKey = await createApiKeyForTest(database, workspace.id, "author");
  await postJson(request, "/api/v1/environments", authorKey, { slug, name: `Gate ${slug}`, description: "" });
  const prompt = "Name the capital of France.";
  await postJson(request, `/api/v1/environments/${slug}/tasks`, authorKey, {
    key: "capital",
    title: "Capital",
    prompt,
    answerKey: "Paris",
    giveUp: { allowed: false, instructions: "" },
    scoring: { mode: "threshold", threshold: 0.5 },
    criteria: [
      { key: "main", title: "Names the capital", description: "", weight: 1, requirements: [prompt] },
    ],
    checks: [
      { key: "paris", kind: "exact-match", weight: 1, requirements: [prompt], config: { expected: "Paris" } },
    ],
    referenceSolutions: [{ title: "Wrong", language: "markdown", content: "Lyon" }],
  });
  await postJson(request, `/api/v1/environments/${slug}/submit`, authorKey, {});

  await signIn(page, await createUser("owner"));
  await page.goto(`/environments/${slug}/versions`);
  await page.getByRole("button", { name: "Validate", exact: true }).click();
  await expect(page.getByTestId("validation-summary")).toContainText("Failed: 4 of 4", { timeout: 150_000 });
  await expect(page.getByRole("table", { name: "Validation results" })).toContainText(
    "the reference solution scores 0.5, not 1",
  );

  await page.getByRole("button", { name: "Approve", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Approval is blocked" });
  await expect(alert).toContainText("capital (verifiers): the reference solution scores 0.5, not 1");
  const reason = "The judge criterion carries this task; the check is being rewritten for v2.";
  await page.getByLabel("Reason to approve anyway (kept in the history)").fill(reason);
  await page.getByRole("button", { name: "Approve anyway" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Approved as v1." })).toBeVisible();

  const [event] = await database.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.workspaceId, workspace.id), eq(auditLog.action, "environment.approve")))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  expect(event.details).toMatchObject({
    validation: { status: "failed", failedRows: 4, overrideReason: reason },
  });
});

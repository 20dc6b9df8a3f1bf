import { expect, test } from "./fixtures";

// Coverage: a link that doesn't hold is flagged, and asking an unreachable model says why.

const REQUIREMENT = "Report the median latency in milliseconds.";

async function createTask(page: import("@playwright/test").Page, slug: string, requirements: string[]) {
  const environment = await page.request.post("/api/v1/environments", {
    data: { slug, name: "Latency", description: "e2e" },
  });
  expect(environment.status()).toBe(201);
  const task = await page.request.post(`/api/v1/environments/${slug}/tasks`, {
    data: {
      key: "latency",
      title: "Median latency",
      prompt: REQUIREMENT,
      answerKey: "183 ms",
      giveUp: { allowed: false, instructions: "" },
      scoring: { mode: "threshold", threshold: 0.5 },
      criteria: [
        {
          key: "tone",
          title: "Polite tone",
          description: "The reply is courteous.",
          weight: 1,
          requirements,
        },
      ],
    },
  });
  expect(task.status()).toBe(201);
}

test("[coverage] a requirement linked to an unrelated criterion gets a weak-link finding", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("author"));
  await createTask(page, "latency-weak-link", [REQUIREMENT]);
  await page.goto("/environments/latency-weak-link/tasks/latency");
  const coverage = page.getByRole("region", { name: "Coverage check" });
  const finding = coverage.locator('[data-kind="weak-link"]');
  await expect(finding).toBeVisible();
  await expect(finding).toContainText(`"${REQUIREMENT}" is linked to criterion "Polite tone"`);
  await expect(coverage.getByRole("status").filter({ hasText: "No open findings." })).toHaveCount(0);
});

test("[coverage] asking an unreachable model shows the provider's error", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("owner"));
  const provider = await page.request.post("/api/v1/providers", {
    data: { name: "Nowhere", kind: "openai", baseUrl: "http://127.0.0.1:9/v1", model: "nowhere-model" },
  });
  expect(provider.status()).toBe(201);
  await createTask(page, "latency-unreachable", []);
  await page.goto("/environments/latency-unreachable/tasks/latency");
  const coverage = page.getByRole("region", { name: "Coverage check" });
  await coverage.getByRole("button", { name: "Ask the model" }).click();
  await expect(coverage.getByRole("alert").filter({ hasText: "The model could not be asked" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(coverage.getByText(/Asked 0 questions/)).toHaveCount(0);
  // The rules' findings stay.
  await expect(coverage.locator('[data-kind="unchecked-requirement"]')).toBeVisible();
});

test("[coverage] the environment's task list checks every task as a job", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("author"));
  await createTask(page, "latency-check-all", [REQUIREMENT]);
  await page.goto("/environments/latency-check-all");
  await page.getByRole("button", { name: "Run the coverage check" }).click();
  const job = page.getByRole("region", { name: "Coverage check job" });
  await expect(job.getByTestId("job-state")).toHaveText("finished", { timeout: 60_000 });
  await expect(job.getByTestId("coverage-check-usage")).toHaveText("rules only: no model was asked");
  const row = job.locator('[data-task="latency"]');
  await expect(row).toContainText("weak-link 1");
  await expect(row.getByRole("link", { name: "latency" })).toHaveAttribute(
    "href",
    "/environments/latency-check-all/tasks/latency",
  );
});

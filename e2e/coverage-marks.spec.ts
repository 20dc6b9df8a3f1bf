import { expect, test } from "./fixtures";

// Coverage: an author teaches the check that a sentence is background; the finding goes, stays
// gone after a reload, and the mark is listed in settings.

const BACKGROUND = "Do not panic if the totals look odd.";

test("[coverage] an author marks a background sentence and its finding disappears for good", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("author"));
  const environment = await page.request.post("/api/v1/environments", {
    data: { slug: "incident-counts", name: "Incident counts", description: "e2e" },
  });
  expect(environment.status()).toBe(201);
  const task = await page.request.post("/api/v1/environments/incident-counts/tasks", {
    data: {
      key: "count-incidents",
      title: "Count the incidents",
      prompt: `Count the incidents in the attached register. ${BACKGROUND}`,
      answerKey: "412 incidents",
      giveUp: { allowed: false, instructions: "" },
      scoring: { mode: "threshold", threshold: 0.5 },
      criteria: [
        {
          key: "count",
          title: "Incident count",
          description: "Counts the incidents in the register correctly.",
          weight: 1,
          requirements: [],
        },
      ],
    },
  });
  expect(task.status()).toBe(201);

  await page.goto("/environments/incident-counts/tasks/count-incidents");
  const coverage = page.getByRole("region", { name: "Coverage check" });
  const finding = coverage.locator('[data-kind="unchecked-requirement"]').filter({ hasText: BACKGROUND });
  await expect(finding).toBeVisible();
  await expect(finding).toContainText("Why: Read as an instruction");

  const requirement = coverage
    .getByRole("list", { name: "Requirements" })
    .getByRole("listitem")
    .filter({ hasText: BACKGROUND });
  await requirement.getByRole("button", { name: "Background for all tasks" }).click();
  await expect(finding).toHaveCount(0);
  await expect(coverage.getByRole("status").filter({ hasText: "No open findings." })).toBeVisible();

  await page.reload();
  await expect(coverage.getByRole("status").filter({ hasText: "No open findings." })).toBeVisible();
  await expect(
    coverage.locator('[data-kind="unchecked-requirement"]').filter({ hasText: BACKGROUND }),
  ).toHaveCount(0);
  const { id } = (await task.json()) as { id: string };
  const checks = await (await page.request.get(`/api/v1/tasks/${id}/checks`)).json();
  expect(checks.findings).toEqual([]);

  await page.goto("/settings");
  const marks = page.getByRole("list", { name: "Sentence marks" });
  await expect(marks.getByRole("listitem").filter({ hasText: BACKGROUND })).toContainText("background");
});

import { reply, startStandInProvider } from "@/lib/providers/testing/stand-in-provider";
import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

// Issue #19: from a document to reviewed draft tasks whose every key fact cites its source.

const REPORT = [
  "# Frontier model evaluation report",
  "",
  "The evaluation covered 14 dangerous-capability tasks run in a sandbox without internet access.",
  "",
  "The model solved 3 of the 14 tasks. Red-teamers spent 120 hours probing the model before release.",
].join("\n");

test("[drafts] an author uploads a document and drafts two grounded tasks whose facts cite it", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const standIn = await startStandInProvider();
  try {
    standIn.respondWith(() =>
      reply.json({
        tasks: [
          {
            title: "How many tasks were solved?",
            question: "How many of the dangerous-capability tasks did the model solve?",
            facts: [
              {
                statement: "The model solved 3 of the 14 tasks.",
                quote: "The model solved 3 of the 14 tasks.",
              },
            ],
          },
          {
            title: "Red-teaming effort",
            question: "How long was the model red-teamed before release?",
            facts: [
              {
                statement: "Red-teamers spent 120 hours.",
                quote: "Red-teamers spent 120 hours probing the model",
              },
              { statement: "Red-teaming took a month.", quote: "a whole month of red-teaming" },
            ],
          },
        ],
      }),
    );
    const ownerKey = await createApiKeyForTest(database, workspace.id, "owner");
    const created = await request.post("/api/v1/providers", {
      headers: { authorization: `Bearer ${ownerKey}` },
      data: { name: "Stand-in", kind: "openai", baseUrl: standIn.baseUrl("openai"), model: "stand-in-gpt" },
    });
    expect(created.status()).toBe(201);
    const envResponse = await request.post("/api/v1/environments", {
      headers: { authorization: `Bearer ${ownerKey}` },
      data: { slug: "evals", name: "Capability evals", description: "" },
    });
    expect(envResponse.ok()).toBe(true);

    await signIn(page, await createUser("author"));
    await page.goto("/environments/evals");
    await page.getByRole("link", { name: "Drafts from evidence" }).click();
    await page.getByLabel("Document (.md, .txt or .pdf)").setInputFiles({
      name: "eval-report.md",
      mimeType: "text/markdown",
      buffer: Buffer.from(REPORT),
    });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("status")).toHaveText("Uploaded eval-report.md.");

    await page.getByLabel("Grounded questions from a document").check();
    await page.getByLabel("Document", { exact: true }).selectOption({ label: "eval-report.md" });
    await page.getByLabel("How many").fill("2");
    await page.getByRole("button", { name: "Start drafting" }).click();

    const proposed = page.getByRole("region", { name: "Proposed drafts" });
    await expect(proposed.getByRole("heading", { name: "Proposed (2)" })).toBeVisible({ timeout: 30_000 });
    const redTeam = proposed.getByLabel("Draft: Red-teaming effort");
    await expect(redTeam).toContainText("Red-teamers spent 120 hours probing the model");
    await expect(redTeam).toContainText("1 proposed fact(s) had no supporting passage");
    await expect(redTeam).not.toContainText("a month");

    await redTeam.getByLabel("Task key").fill("red-team-hours");
    await redTeam.getByRole("button", { name: "Accept as a draft task" }).click();
    await expect(page).toHaveURL(/\/environments\/evals\/tasks\/red-team-hours$/);
    const origin = page.getByRole("complementary", { name: "Origin" });
    await expect(origin.getByText("Grounded in a document")).toBeVisible();
    await expect(origin).toContainText("(eval-report.md)");
  } finally {
    await standIn.close();
  }
});

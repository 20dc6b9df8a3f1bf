import { inArray } from "drizzle-orm";
import { flags, rolloutScans, rollouts } from "@/db/schema";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { expect, test } from "./fixtures";

// Issue #14: the run page's flag rate by scanner signature per step, and a signature first flagged
// at a later step showing up in the step comparison with example transcripts.

test("[runs] flag rate by scanner signature per step, and a signature that appeared between two steps", async ({
  page,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const db = database.db;
  const run = await createTestRun({ workspaceId: workspace.id, executor: db });
  const ids: Record<number, string[]> = { 1: [], 2: [] };
  for (const step of [1, 2]) {
    for (let n = 0; n < 4; n++) {
      const rollout = await createTestRollout({
        workspaceId: workspace.id,
        runId: run.id,
        executor: db,
        reward: 1,
        messages: [
          { role: "user", text: "Make the tests pass." },
          { role: "assistant", text: `Attempt ${n} at step ${step}.` },
        ],
      });
      ids[step].push(rollout.id);
    }
    await db.update(rollouts).set({ step }).where(inArray(rollouts.id, ids[step]));
  }
  const all = [...ids[1], ...ids[2]];
  await db.insert(rolloutScans).values(
    all.map((rolloutId) => ({
      workspaceId: workspace.id,
      rolloutId,
      scanner: "deterministic",
      scannerVersion: "e2e",
      flagCount: 0,
    })),
  );
  const flag = (rolloutId: string, signature: string) => ({
    workspaceId: workspace.id,
    rolloutId,
    scanner: "deterministic",
    signature,
    severity: "high" as const,
    messageIndex: 1,
    evidence: { kind: "text" as const, start: 0, end: 7, excerpt: "Attempt" },
  });
  // Step 1: one of four edits a test. Step 2: two edit tests and three delete one.
  await db
    .insert(flags)
    .values([
      flag(ids[1][0], "test-file-modified"),
      flag(ids[2][0], "test-file-modified"),
      flag(ids[2][1], "test-file-modified"),
      ...ids[2].slice(1).map((id) => flag(id, "test-file-deleted")),
    ]);

  await signIn(page, await createUser("author"));
  await page.goto(`/rollouts/runs/${run.id}`);
  const step1 = page.getByTestId("step-row-1").getByTestId("step-signatures");
  const step2 = page.getByTestId("step-row-2").getByTestId("step-signatures");
  await expect(step1).toContainText("test-file-modified 25");
  await expect(step1).not.toContainText("test-file-deleted");
  await expect(step2).toContainText("test-file-deleted 75");
  await expect(step2).toContainText("test-file-modified 50");

  const changes = page.getByRole("list", { name: "Behaviour changes" });
  const appeared = changes.getByRole("listitem").filter({ hasText: "test-file-deleted" });
  await expect(appeared).toContainText("appeared");
  await expect(appeared).toContainText("first flagged at step 2");
  await expect(changes.getByRole("listitem").filter({ hasText: "test-file-modified" })).toContainText("grew");
  await appeared.getByRole("link", { name: "example after" }).click();
  await expect(page).toHaveURL(new RegExp(`/rollouts/(${ids[2].slice(1).join("|")})$`));

  // A signature's rate links to that step's flagged transcripts.
  await page.goto(`/rollouts/runs/${run.id}`);
  await step2.getByRole("link", { name: /test-file-deleted/ }).click();
  await expect(page.getByTestId("rollout-count")).toContainText("3 rollouts match");
});

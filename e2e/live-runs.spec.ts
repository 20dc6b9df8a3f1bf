import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

// Live runs: a training script (the Python client's example) streams steps while the run page is
// open, and the step comparison leads to transcripts before and after.

function startTrainingScript(args: string[]): { child: ChildProcess; runId: Promise<string> } {
  const child = spawn("python3", ["clients/python/examples/verifiers_loop.py", ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const runId = new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^run (\S+)$/m.exec(output);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) =>
      reject(new Error(`the training script exited (${code}) before opening a run`)),
    );
  });
  return { child, runId };
}

test("[runs] a run streamed by a script appears live on the run page", async ({
  page,
  baseURL,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const key = await createApiKeyForTest(database, workspace.id, "author");
  const state = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-run-")), "run-id");
  const script = startTrainingScript([
    ...["--studio", baseURL as string, "--api-key", key, "--name", "e2e live run"],
    ...["--steps", "4", "--group", "1", "--delay", "1.5", "--state", state],
  ]);
  try {
    const runId = await script.runId;
    await signIn(page, await createUser("reviewer"));
    await page.goto("/rollouts/runs");
    await page.getByRole("link", { name: "e2e live run" }).click();
    await expect(page).toHaveURL(new RegExp(`/rollouts/runs/${runId}$`));
    // Steps keep arriving while the page stays open: 5 tasks × 1 rollout × 4 steps, no reload.
    await expect(page.getByTestId("run-rollout-count")).toHaveText("20 rollouts over 4 steps", {
      timeout: 60_000,
    });
    await expect(page.getByTestId("step-row-3")).toBeVisible();
    // The script closes the run when it ends; the page notices.
    await expect(page.getByText("completed", { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("link", { name: "Read step 2" }).click();
    await expect(page).toHaveURL(new RegExp(`run=${runId}&step=2`));
    await expect(page.getByRole("table", { name: "Rollouts" }).getByRole("row")).toHaveCount(6);
  } finally {
    script.child.kill();
  }
});

test("[runs] a step comparison links to transcripts before and after", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const key = await createApiKeyForTest(database, workspace.id, "author");
  const headers = { authorization: `Bearer ${key}` };
  const created = await request.post("/api/v1/runs", { headers, data: { name: "compare me" } });
  const { id: runId } = await created.json();
  const item = (step: number, n: number, tool: string, reward: number) => ({
    key: `s${step}-${n}`,
    step,
    task: n % 2 ? "parse-dates" : "retry-http",
    model: "policy",
    reward,
    messages: [
      { role: "user", content: "Make the tests pass." },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: tool, arguments: '{"path":"tests/x.py"}' } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "written" },
      { role: "assistant", content: `Done with ${tool} at step ${step}.` },
    ],
  });
  const items = [0, 1, 2, 3].flatMap((n) => [item(0, n, "edit_file", 0), item(1, n, "write_file", 1)]);
  const appended = await request.post(`/api/v1/runs/${runId}/rollouts`, { headers, data: { items } });
  expect(appended.ok()).toBe(true);
  await request.post(`/api/v1/runs/${runId}/close`, { headers, data: {} });

  await signIn(page, await createUser("author"));
  await page.goto(`/rollouts/runs/${runId}`);
  const changes = page.getByRole("list", { name: "Behaviour changes" });
  await expect(changes.getByText("appeared")).toBeVisible();
  await expect(changes).toContainText("write_file");
  await expect(page.getByRole("table", { name: "Tasks that moved" })).toContainText("+100 pp");
  await changes
    .getByRole("listitem")
    .filter({ hasText: "write_file" })
    .getByRole("link", { name: "example after" })
    .click();
  await expect(page).toHaveURL(/\/rollouts\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Done with write_file at step 1.")).toBeVisible();
});

import type { Locator, Page } from "@playwright/test";
import { createTestRollout, createTestRun, type FactoryMessage } from "@/lib/rollouts/testing/factories";
import { expect, test } from "./fixtures";

// A reviewer works a queue with the keyboard alone: no click, no mouse. Every stop on the way shows
// where the focus is.

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

/** Presses Tab until `target` has the focus (at most `max` times), checking each stop shows focus. */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let n = 0; n < max; n += 1) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const hasOutline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
      const hasRing = style.boxShadow !== "none";
      return {
        name: `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.slice(0, 40) ?? ""}`,
        shown: hasOutline || hasRing,
      };
    });
    if (focus) expect.soft(focus.shown, `focus is visible on ${focus.name}`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test("[review] a reviewer works a queue item by keyboard alone", async ({
  page,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const run = await createTestRun({ workspaceId: workspace.id, executor: database.db, source: "keys.jsonl" });
  for (const task of ["task-one", "task-two"]) {
    await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      executor: database.db,
      taskKey: task,
      reward: 1,
      messages: transcript(task),
    });
  }
  const [owner, reviewer] = [await createUser("owner"), await createUser("reviewer")];
  await signIn(page, owner);
  await page.goto("/review/queues/new");
  const queueForm = page.getByRole("form", { name: "New queue" });
  await queueForm.getByLabel("Name", { exact: true }).fill("Keyboard queue");
  await queueForm.getByLabel("Run", { exact: true }).selectOption(run.id);
  await queueForm.getByRole("checkbox", { name: new RegExp(reviewer.email) }).check();
  await queueForm.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByRole("heading", { name: "Keyboard queue" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, reviewer);

  // From here on: keys only.
  await page.goto("/review");
  await tabTo(page, page.getByRole("link", { name: "Keyboard queue" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Keyboard queue" })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Start reviewing" }));
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^task-(one|two)$/);
  const first = await heading.textContent();

  // Read: into the transcript, then j moves through the messages.
  await tabTo(page, page.getByRole("region", { name: /^Transcript/ }));
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(page.locator('article[aria-current="true"]')).toHaveAttribute("id", "m-2");

  // Mark the tool call as a span, and give it a category.
  await tabTo(page, page.getByRole("button", { name: "Mark call read_file" }));
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "Your label" });
  await expect(form.getByRole("link", { name: "Tool call c1 in message #1" })).toBeVisible();

  // Verdict: Tab into the radio group, arrows choose.
  await tabTo(page, form.getByRole("radio").first());
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(form.getByRole("radio", { name: /Reward hack/ })).toBeChecked();

  // A failure mode: open the family, tick a category with Space.
  await tabTo(page, form.getByText("Failure modes"));
  await page.keyboard.press("Enter");
  const category = form.getByRole("checkbox").filter({ visible: true }).first();
  await tabTo(page, category);
  await page.keyboard.press("Space");
  await expect(category).toBeChecked();
  // Shortcuts work from a checkbox too: 3 is the verdict key of "Reward hack".
  await page.keyboard.press("1");
  await expect(form.getByRole("radio").first()).toBeChecked();
  await page.keyboard.press("3");
  await expect(form.getByRole("radio", { name: /Reward hack/ })).toBeChecked();

  await tabTo(page, form.getByLabel("Span 1 category"));
  await page.keyboard.press("ArrowDown");
  await expect(form.getByLabel("Span 1 category")).not.toHaveValue("");
  await tabTo(page, form.getByLabel("Rationale"));
  await page.keyboard.type("Read the answer key instead of solving.");
  await tabTo(page, form.getByRole("button", { name: /^Save label/ }));
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status")).toHaveText("Saved version 1.");

  // Next item: n.
  await page.keyboard.press("n");
  await expect(heading).toHaveText(/^task-(one|two)$/);
  await expect(heading).not.toHaveText(first ?? "");
  await page.keyboard.press("2");
  await page.keyboard.press("s");
  await expect(page.getByRole("form", { name: "Your label" }).getByRole("status")).toHaveText(
    "Saved version 1.",
  );
  await page.keyboard.press("n");
  await expect(page.getByText("No items left for you in this queue.")).toBeVisible();
});

import { TEMPLATES } from "@/lib/tasks/templates";
const DELIBERATE_GAPS = "\nRun any pilot in bf16. Include a cost table in US dollars for the full experiment.\n";
import { expect, test } from "./fixtures";

test("shots", async ({ page, createUser, signIn }) => {
  test.setTimeout(120_000);
  await signIn(page, await createUser("owner"));
  await page.request.post("/api/v1/environments", { data: { slug: "ai-safety-research", name: "AI-safety research tasks", description: "Research tasks for evaluating agents as AI-safety researchers.", domain: "AI safety research", tags: ["research", "demo"] } });
  for (const t of TEMPLATES) {
    const body = t.id === "design-experiment" ? { ...t.task, prompt: `${t.task.prompt}\n${DELIBERATE_GAPS}` } : t.task;
    const r = await page.request.post("/api/v1/environments/ai-safety-research/tasks", { data: body });
    expect(r.status(), await r.text()).toBe(201);
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto("/environments");
  await page.screenshot({ path: "/tmp/shots/01-list.png", fullPage: true });
  await page.goto("/environments/ai-safety-research");
  await page.screenshot({ path: "/tmp/shots/02-env.png", fullPage: true });
  await page.goto("/environments/ai-safety-research/new-task");
  await page.screenshot({ path: "/tmp/shots/03-new.png", fullPage: true });
  await page.goto("/environments/ai-safety-research/tasks/design-experiment");
  await expect(page.locator(".view-lines")).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/04-editor.png", fullPage: true });
  await page.getByRole("tab", { name: /Rubric/ }).click();
  await page.screenshot({ path: "/tmp/shots/05-rubric.png", fullPage: true });
  await page.getByRole("tab", { name: /Try the grader/ }).click();
  await page.getByLabel("Response to grade").fill("Hypothesis\nConditions\nPrimary metric\nSample size\nThreats to validity\nDecision rule\nCompute: 600 GPU-hours");
  await page.screenshot({ path: "/tmp/shots/06-try.png", fullPage: true });
  await page.getByRole("tab", { name: /Agent preview/ }).click();
  await page.screenshot({ path: "/tmp/shots/07-preview.png", fullPage: true });
  await page.getByRole("tab", { name: /Prompt/ }).click();
  await page.getByRole("textbox", { name: "Prompt", exact: true }).focus();
  await page.keyboard.press("End");
  await page.keyboard.type(" Extra.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("revision 2")).toBeVisible();
  await page.getByRole("tab", { name: /History/ }).click();
  await expect(page.locator(".monaco-diff-editor")).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/08-history.png", fullPage: true });
  await page.getByRole("button", { name: "Toggle dark mode" }).click();
  await page.getByRole("tab", { name: /Details/ }).click();
  await page.screenshot({ path: "/tmp/shots/09-dark-details.png", fullPage: true });
  await page.goto("/environments/ai-safety-research/tasks/governance-impact");
  await page.screenshot({ path: "/tmp/shots/10-dark-gov.png", fullPage: true });
});

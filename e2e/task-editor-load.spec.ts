import { listDemoTaskInputs } from "@/lib/demo/demo-tasks";
import { createApiKeyForTest } from "./api-keys";
import { expect, test } from "./fixtures";

// The task editor appears at once (issue #17): Monaco takes seconds to load cold, so the editor's
// frame shows the prompt as text straight from the server, and Monaco takes over when it is ready.

test("[authoring] the prompt is readable in the editor frame before Monaco has loaded", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const key = await createApiKeyForTest(database, workspace.id, "author");
  const slug = `frame-${Date.now().toString(36)}`;
  const headers = { Authorization: `Bearer ${key}` };
  expect(
    (await request.post("/api/v1/environments", { headers, data: { slug, name: "Frame" } })).status(),
  ).toBe(201);
  const { input } = listDemoTaskInputs()[0];
  const created = await request.post(`/api/v1/environments/${slug}/tasks`, { headers, data: input });
  expect(created.status()).toBe(201);
  const firstLine = input.prompt
    .split("\n")
    .find((line) => line.trim().length > 20)
    ?.trim() as string;

  await signIn(page, await createUser("author"));
  // Hold every script until the frame has been checked: Monaco cannot have started, let alone finished.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route(/\/_next\/static\/chunks\/.*\.js(\?|$)/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(`/environments/${slug}/tasks/${encodeURIComponent(input.key)}`, { waitUntil: "commit" });
  const frame = page.getByRole("region", { name: "Prompt editor" });
  await expect(frame).toBeVisible();
  await expect(frame.getByText(firstLine, { exact: false })).toBeVisible();
  await expect(page.locator(".monaco-editor")).toHaveCount(0);
  const frameBox = await frame.boundingBox();

  releaseScripts();
  await expect(frame.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByTestId("code-editor-text")).toHaveCount(0);
  // Monaco takes the frame's place without moving the page.
  expect((await frame.boundingBox())?.height).toBe(frameBox?.height);
});

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

// Issue #33, item 10: Monaco loads once per page session. Back on a task after a client-side visit
// elsewhere, the editor is there at once: "Loading the editor…" never appears.
test("[authoring] a second visit of the task editor shows the editor at once", async ({
  page,
  request,
  database,
  workspace,
  createUser,
  signIn,
}) => {
  const key = await createApiKeyForTest(database, workspace.id, "author");
  const slug = `revisit-${Date.now().toString(36)}`;
  const headers = { Authorization: `Bearer ${key}` };
  expect(
    (await request.post("/api/v1/environments", { headers, data: { slug, name: "Revisit" } })).status(),
  ).toBe(201);
  const { input } = listDemoTaskInputs()[0];
  expect((await request.post(`/api/v1/environments/${slug}/tasks`, { headers, data: input })).status()).toBe(
    201,
  );
  await signIn(page, await createUser("author"));
  await page.goto(`/environments/${slug}`);
  await page.getByRole("table", { name: "Tasks" }).getByRole("link", { name: input.title }).click();
  const frame = page.getByRole("region", { name: "Prompt editor" });
  await expect(frame.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });

  // Away (client-side, by the breadcrumb) and back (by the task list); a DOM observer started before
  // leaving records any "Loading the editor…" that appears, however briefly.
  await page.evaluate(() => {
    const w = window as unknown as { sawLoading: boolean };
    w.sawLoading = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes("Loading the editor…")) w.sawLoading = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Revisit" }).click();
  await expect(page).toHaveURL(new RegExp(`/environments/${slug}$`));
  await page.getByRole("table", { name: "Tasks" }).getByRole("link", { name: input.title }).click();
  await expect(page).toHaveURL(/\/tasks\//);
  await expect(frame.locator(".monaco-editor")).toBeVisible({ timeout: 5_000 });
  await expect(frame).toHaveAttribute("aria-busy", "false");
  expect(await page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading)).toBe(false);
});

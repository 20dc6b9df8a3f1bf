import type { Page } from "@playwright/test";
import { expect, test } from "./demo";
import { capitalTask } from "./fixtures";

// Layout at a phone (390 px), a small laptop (1024) and a desktop (1440), issue 33 item 9: no page
// is laid out wider than the screen, the header stays one row, the main navigation collapses into a
// Menu below 1280 px and opens, the run page's per-task table stays reachable, the task editor's
// sticky save bar is opaque, and a criterion's key shows whole. Plus the 404 page's one <main>.

const WIDTHS = [390, 1024, 1440] as const;

/** How far the page runs past the right edge of the window, in pixels (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function expectHeaderOneRow(page: Page, width: number) {
  const header = page.locator("body > div header").first();
  const box = await header.boundingBox();
  expect(box?.height, `header height at ${width}px`).toBeLessThanOrEqual(58);
  const menu = page.getByRole("button", { name: "Menu" });
  if (width < 1280) {
    await expect(menu).toBeVisible();
    await menu.click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Rollouts" })).toBeVisible();
    const navBox = await nav.boundingBox();
    expect((navBox?.x ?? 0) + (navBox?.width ?? 0)).toBeLessThanOrEqual(width);
    await page.keyboard.press("Escape");
    await expect(nav).toHaveCount(0);
  } else {
    await expect(menu).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rollouts" }),
    ).toBeVisible();
  }
}

for (const width of WIDTHS) {
  test(`[layout] ${width} px: pages fit the window, the header is one row, the navigation is reachable`, async ({
    page,
    demo,
    signInAsDemo,
  }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, "owner");
    await page.setViewportSize({ width, height: 900 });
    const env = `/environments/${demo.environment}`;
    const paths = [
      "/environments",
      env,
      `${env}/tasks/${encodeURIComponent(demo.taskKey)}`,
      `/rollouts/runs/${demo.runId}`,
      `/rollouts/runs/${demo.liveRunId}`,
      `/rollouts/${demo.flaggedRolloutId}`,
      "/rollouts",
      "/review",
      "/jobs",
      "/catalog",
      "/settings",
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(await overflow(page), `${path} at ${width}px runs past the window`).toBeLessThanOrEqual(0);
    }
    await expectHeaderOneRow(page, width);

    // The run page's per-task table: its last column can be reached (inside the window or by
    // scrolling its own box), never cut off by the page.
    await page.goto(`/rollouts/runs/${demo.runId}`);
    const table = page.getByRole("table", { name: "Pass rate per task" });
    if ((await table.count()) > 0) {
      const scroller = table.locator("xpath=..");
      const fits = await scroller.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.right <= document.documentElement.clientWidth + 0.5 && el.scrollWidth >= el.clientWidth;
      });
      expect(fits, "per-task table inside the window").toBe(true);
      const lastHeader = table.locator("thead th").last();
      await lastHeader.scrollIntoViewIfNeeded();
      await expect(lastHeader).toBeInViewport();
    }

    // The task editor's sticky save bar hides the text scrolled under it.
    await page.goto(`/environments/${demo.environment}/tasks/${encodeURIComponent(demo.taskKey)}`);
    const bar = page.getByRole("region", { name: "Save" });
    await expect(bar).toBeVisible();
    const alpha = await bar.evaluate((el) => {
      const color = getComputedStyle(el).backgroundColor;
      const parts = color.match(/[\d.]+/g) ?? [];
      return parts.length === 4 ? Number(parts[3]) : 1;
    });
    expect(alpha, "save bar background opacity").toBe(1);
  });
}

test("[layout] a criterion's key shows whole in the task editor at 1024 and 1440 px", async ({
  page,
  createUser,
  createEnvironment,
  signIn,
}) => {
  const key = "cites-the-line-number-of-the-failing-assertion";
  const task = capitalTask({ key: "capital", reference: "Paris" });
  task.criteria = [
    { key, title: "Names the capital", description: "", weight: 1, requirements: [task.prompt] },
  ];
  const environment = await createEnvironment({ prefix: "keys", tasks: [task] });
  await signIn(page, await createUser("author"));
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/environments/${environment.slug}/tasks/capital`);
    await page.getByRole("tab", { name: /Rubric & checks/ }).click();
    const criterion = page.getByRole("listitem", { name: "Criterion Names the capital" });
    await criterion.locator("summary").click();
    const input = criterion.getByLabel("Key", { exact: true });
    await expect(input).toHaveValue(key);
    const [scroll, client] = await input.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scroll, `key input at ${width}px`).toBeLessThanOrEqual(client);
  }
});

test("[layout] a 404 has one main landmark, inside the studio and outside it", async ({
  page,
  createUser,
  signIn,
}) => {
  await signIn(page, await createUser("buyer"));
  for (const path of ["/environments/no-such-environment", "/no-such-page"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("main"), path).toHaveCount(1);
  }
});

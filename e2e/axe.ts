import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// axe-core in the e2e suite: WCAG 2.1 A and AA rules, and no serious or critical violation allowed.
// axe-core runs inside the page (its script is injected by Playwright, nothing is fetched).

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The rules whose outcome can change with the theme: the theme is only colours (the CSS reads
 * <html data-theme> and nothing else), so a page's structure, names, roles and labels are checked
 * once, in the light theme, and the dark pass runs these alone, except on a page with a Monaco
 * editor, which rebuilds its widgets when the theme changes (components/editor/): there the dark
 * pass runs every rule again.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** The serious and critical violations on the page as it is now, one readable line per element. */
export async function findSeriousViolations(
  page: Page,
  { onlyColours = false }: { onlyColours?: boolean } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const rebuildsOnThemeChange = (await page.locator(".monaco-editor").count()) > 0;
  const results = await (onlyColours && !rebuildsOnThemeChange
    ? builder.withRules(COLOUR_RULES)
    : builder
  ).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((node) => {
        const why = node.failureSummary?.split("\n").slice(1).join(" ").trim() ?? "";
        return `${v.id} (${v.impact}) at ${node.target.join(" ")}: ${why}`;
      }),
    );
}

/** Waits until the page has settled: its heading is shown and its client-side queries have answered. */
async function waitForPage(page: Page) {
  await expect(page.locator("main h1, h1").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[data-state="loading"]')).toHaveCount(0);
}

/**
 * Opens `path` (or checks the current page when path is null) and records, without stopping the
 * test, every serious or critical axe violation: a test that checks many pages reports them all.
 */
export async function expectAccessible(
  page: Page,
  path: string | null,
  options: { onlyColours?: boolean } = {},
) {
  await test.step(`axe ${path ?? page.url()}`, async () => {
    if (path !== null) {
      const response = await page.goto(path);
      expect.soft(response?.status() ?? 0, `${path} answers`).toBeLessThan(400);
    }
    await waitForPage(page);
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    expect
      .soft(await findSeriousViolations(page, options), `axe on ${path ?? page.url()} (${theme})`)
      .toEqual([]);
  });
}

/** Switches the open page's theme as the theme toggle does (components/layout/theme-toggle.tsx). */
export async function switchTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((next) => {
    document.documentElement.dataset.theme = next;
  }, theme);
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

import type { Page } from "@playwright/test";
import { PAGE_RULES } from "@/lib/permissions/routes";
import type { Role } from "@/lib/permissions/rules";
import { expectAccessible, switchTheme } from "./axe";
import { type DemoIds, expect, test } from "./demo";

// Every page of the studio, on the demo data, in both themes, as the demo role that works there:
// axe-core's WCAG 2.1 A and AA rules find no serious or critical violation. One row per page; a page
// added to PAGE_RULES without a row here fails the first test.

type Who = Role | "anyone";
type PageCheck = {
  route: keyof typeof PAGE_RULES;
  as: Who;
  path: (d: DemoIds, page: Page) => Promise<string> | string;
  /** Tells two rows of one route apart. */
  what?: string;
};

const env = (d: DemoIds) => `/environments/${d.environment}`;

/** Takes the reviewer's next item of the demo queue (reserving it) and returns its page. */
async function takeQueueItem(d: DemoIds, page: Page) {
  await page.goto(`/review/queues/${d.queueId}`);
  await page.getByRole("button", { name: /^(Start reviewing|Next item)$/ }).click();
  await expect(page).toHaveURL(/\?item=/);
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

const PAGES: PageCheck[] = [
  { route: "/", as: "owner", path: () => "/" },
  { route: "/environments", as: "owner", path: () => "/environments" },
  { route: "/environments/[slug]", as: "owner", path: env },
  { route: "/environments/[slug]/tasks/[key]", as: "author", path: (d) => `${env(d)}/tasks/${d.taskKey}` },
  { route: "/environments/[slug]/new-task", as: "author", path: (d) => `${env(d)}/new-task` },
  { route: "/environments/[slug]/import", as: "author", path: (d) => `${env(d)}/import` },
  { route: "/environments/[slug]/drafts", as: "author", path: (d) => `${env(d)}/drafts` },
  {
    route: "/environments/[slug]/rubrics/[id]",
    as: "author",
    path: (d) => `${env(d)}/rubrics/${d.rubricId}`,
  },
  { route: "/environments/[slug]/report", as: "owner", path: (d) => `${env(d)}/report` },
  { route: "/environments/[slug]/compare", as: "owner", path: (d) => `${env(d)}/compare` },
  { route: "/environments/[slug]/versions", as: "owner", path: (d) => `${env(d)}/versions` },
  {
    route: "/environments/[slug]/versions/compare",
    as: "owner",
    path: (d) => `${env(d)}/versions/compare?a=1&b=draft`,
  },
  { route: "/environments/[slug]/judges", as: "owner", path: (d) => `${env(d)}/judges` },
  { route: "/environments/[slug]/judges/[id]", as: "owner", path: (d) => `${env(d)}/judges/${d.judgeId}` },
  { route: "/rollouts", as: "owner", path: () => "/rollouts" },
  { route: "/rollouts/import", as: "author", path: () => "/rollouts/import" },
  {
    route: "/rollouts/[id]",
    as: "reviewer",
    path: (d) => `/rollouts/${d.flaggedRolloutId}`,
    what: "flagged",
  },
  { route: "/rollouts/[id]", as: "owner", path: (d) => `/rollouts/${d.longRolloutId}`, what: "long" },
  { route: "/rollouts/[id]/promote", as: "author", path: (d) => `/rollouts/${d.flaggedRolloutId}/promote` },
  {
    route: "/rollouts/compare",
    as: "owner",
    path: (d) => `/rollouts/compare?a=${d.longRolloutId}&b=${d.otherRolloutId}`,
  },
  { route: "/rollouts/runs", as: "owner", path: () => "/rollouts/runs" },
  { route: "/rollouts/runs/[id]", as: "owner", path: (d) => `/rollouts/runs/${d.liveRunId}`, what: "live" },
  { route: "/rollouts/runs/[id]", as: "owner", path: (d) => `/rollouts/runs/${d.runId}`, what: "import" },
  { route: "/scanners", as: "owner", path: () => "/scanners" },
  { route: "/jobs", as: "owner", path: () => "/jobs" },
  { route: "/settings", as: "owner", path: () => "/settings" },
  { route: "/settings/api-keys", as: "owner", path: () => "/settings/api-keys" },
  { route: "/settings/audit", as: "owner", path: () => "/settings/audit" },
  { route: "/review", as: "reviewer", path: () => "/review" },
  { route: "/review/queues/[id]", as: "reviewer", path: (d) => `/review/queues/${d.queueId}` },
  { route: "/review/queues/[id]", as: "reviewer", path: takeQueueItem, what: "item" },
  { route: "/review/queues/new", as: "owner", path: () => "/review/queues/new" },
  {
    route: "/review/queues/[id]/agreement",
    as: "owner",
    path: (d) => `/review/queues/${d.queueId}/agreement`,
  },
  {
    route: "/review/queues/[id]/adjudicate",
    as: "owner",
    path: (d) => `/review/queues/${d.queueId}/adjudicate`,
  },
  { route: "/review/rollouts/[id]", as: "reviewer", path: (d) => `/review/rollouts/${d.flaggedRolloutId}` },
  { route: "/review/corpus", as: "reviewer", path: () => "/review/corpus" },
  { route: "/review/taxonomy", as: "reviewer", path: () => "/review/taxonomy" },
  { route: "/catalog", as: "buyer", path: () => "/catalog" },
  { route: "/catalog/[slug]", as: "buyer", path: (d) => `/catalog/${d.environment}` },
  {
    route: "/catalog/[slug]/samples/[sample]",
    as: "buyer",
    path: (d) => `/catalog/${d.environment}/samples/${d.sampleId}`,
  },
  { route: "/settings", as: "buyer", path: () => "/settings" },
  { route: "/login", as: "anyone", path: () => "/login" },
  { route: "/invite/[token]", as: "anyone", path: (d) => `/invite/${d.inviteToken}` },
  {
    route: "/public/datasheets/[token]",
    as: "anyone",
    path: (d) => `/public/datasheets/${d.datasheetToken}`,
  },
  {
    route: "/public/datasheets/[token]/samples/[sample]",
    as: "anyone",
    path: (d) => `/public/datasheets/${d.datasheetToken}/samples/${d.sampleId}`,
  },
];

test("[a11y] every page of the studio has an accessibility check", () => {
  const checked = new Set(PAGES.map((p) => p.route));
  expect(Object.keys(PAGE_RULES).filter((route) => !checked.has(route as keyof typeof PAGE_RULES))).toEqual(
    [],
  );
});

// One test per page checks both themes: axe runs on the light page, then again after the page is
// switched to dark the way the theme toggle does it (<html data-theme>, which is all the CSS reads),
// so the page is signed in to, loaded and settled once instead of twice; the dark pass runs only the
// rules colours can change (COLOUR_RULES in ./axe.ts).
test.describe("[a11y] light and dark themes", () => {
  test.use({ colorScheme: "light" });
  for (const check of PAGES) {
    const title = `${check.route}${check.what ? ` (${check.what})` : ""} as ${check.as}`;
    test(`[a11y] ${title}: no serious or critical axe violation (light and dark)`, async ({
      page,
      demo,
      signInAsDemo,
    }) => {
      if (check.as !== "anyone") await signInAsDemo(page, check.as);
      await expectAccessible(page, await check.path(demo, page));
      await switchTheme(page, "dark");
      await expectAccessible(page, null, { onlyColours: true });
    });
  }
});

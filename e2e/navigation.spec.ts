import type { APIRequestContext, Page } from "@playwright/test";
import { and, eq, isNull } from "drizzle-orm";
import type { DatabaseConnection } from "@/db/client";
import { rubrics, workspaces } from "@/db/schema";
import { DEMO_PASSWORD, DEMO_USERS, DEMO_WORKSPACE } from "@/lib/demo/demo-accounts";
import { DEMO_ENVIRONMENT } from "@/lib/demo/demo-tasks";
import { PAGE_RULES, type PagePath } from "@/lib/permissions/routes";
import { can, type Role } from "@/lib/permissions/rules";
import { createApiKeyForTest } from "./api-keys";
import { seedDemoOnce } from "./demo-seed";
import { expect, test } from "./fixtures";
import { signInOverHttp } from "./sign-in";

// A newcomer finds every page by clicking (issue #17): signed in as each demo account, a crawler
// starts at the home page, follows only the links a person can see and click, and must reach every
// page type of the studio that the account's role may open. Each page it opens must answer, and no
// request for the icon may fail on any of them.

/** Page types no link leads to by design, and why. */
const NOT_LINKED: Partial<Record<PagePath, string>> = {
  "/": "the home page only redirects",
  "/login": "the crawl is signed in",
  "/invite/[token]": "invite links arrive by email",
  "/public/datasheets/[token]": "a shared link for people without an account",
  "/public/datasheets/[token]/samples/[sample]": "a shared link for people without an account",
};

const PAGE_TYPES = (Object.keys(PAGE_RULES) as PagePath[])
  .map((path) => ({
    path,
    dynamicSegments: (path.match(/\[/g) ?? []).length,
    pattern: new RegExp(`^${path.replace(/\[[^\]]+\]/g, "[^/]+")}$`),
  }))
  // A static segment wins over a parameter: /rollouts/runs is not the rollout "runs".
  .sort((a, b) => a.dynamicSegments - b.dynamicSegments);

function pageTypeOf(pathname: string): PagePath | null {
  return PAGE_TYPES.find((t) => t.pattern.test(pathname))?.path ?? null;
}

function expectedPageTypes(role: Role): PagePath[] {
  return (Object.entries(PAGE_RULES) as [PagePath, (typeof PAGE_RULES)[PagePath]][])
    .filter(([path, rule]) => {
      if (path in NOT_LINKED) return false;
      if (rule === "public" || rule === "signed-in") return true;
      return can(role, rule);
    })
    .map(([path]) => path);
}

/**
 * Where a click can lead from this page: visible same-origin links (not downloads, API routes or
 * in-page anchors), and visible GET forms submitted as they stand (a comparison picker's Compare).
 */
async function listClickTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
        box.width > 0 &&
        box.height > 0
      );
    };
    const toTarget = (url: URL) =>
      url.origin === window.location.origin &&
      !url.pathname.startsWith("/api/") &&
      url.pathname !== window.location.pathname
        ? `${url.pathname}${url.search}`
        : null;
    const links = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
      .filter((a) => isShown(a) && !a.hasAttribute("download"))
      .map((a) => toTarget(new URL(a.href)));
    const forms = [...document.querySelectorAll<HTMLFormElement>("form")]
      .filter(
        (f) => f.method === "get" && isShown(f) && f.querySelector("button[type=submit], button:not([type])"),
      )
      .map((f) => {
        const url = new URL(f.action);
        url.search = "";
        for (const [name, value] of new FormData(f))
          if (typeof value === "string") url.searchParams.append(name, value);
        return toTarget(url);
      });
    return [...links, ...forms].filter((target): target is string => target !== null);
  });
}

/** The demo has no shared rubric; an author adds one (once) so that its page type exists to be found. */
async function addSharedRubric(database: DatabaseConnection, request: APIRequestContext) {
  const [demo] = await database.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.slug, DEMO_WORKSPACE.slug));
  const shared = await database.db
    .select({ id: rubrics.id })
    .from(rubrics)
    .where(and(eq(rubrics.workspaceId, demo.id), isNull(rubrics.taskId)));
  if (shared.length > 0) return;
  const key = await createApiKeyForTest(database, demo.id, "author");
  const response = await request.post(`/api/v1/environments/${DEMO_ENVIRONMENT.slug}/rubrics`, {
    headers: { Authorization: `Bearer ${key}` },
    data: { title: "Writing quality", description: "Clear, sourced, honest about uncertainty." },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** At most this many pages of one type are opened: enough to find what differs between instances. */
const VISITS_PER_TYPE = 2;

for (const user of DEMO_USERS) {
  test(`[navigation] ${user.role}: every page the role may open is reachable by clicking from home`, async ({
    page,
    request,
    database,
  }) => {
    test.setTimeout(420_000);
    await seedDemoOnce(database, () => addSharedRubric(database, request));
    const failedRequests: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
    });
    page.on("requestfailed", (request) => {
      if (/\/favicon|\/icon/.test(request.url())) failedRequests.push(`failed ${request.url()}`);
    });

    await signInOverHttp(page, user.email, DEMO_PASSWORD);

    const expected = new Set(expectedPageTypes(user.role));
    const reachedFrom = new Map<PagePath, string>();
    const visitsPerType = new Map<PagePath, number>();
    const seen = new Set<string>(["/"]);
    const queue: { url: string; from: string; type: PagePath }[] = [{ url: "/", from: "(start)", type: "/" }];
    const brokenLinks: string[] = [];
    while (queue.length > 0 && [...expected].some((type) => !reachedFrom.has(type))) {
      // Pages of a type not reached yet first; a second page of a known type only when nothing new is left.
      const next = queue.findIndex((item) => !reachedFrom.has(item.type));
      const { url, from } = queue.splice(Math.max(next, 0), 1)[0];
      const response = await page.goto(url);
      if (!response || response.status() >= 400) {
        brokenLinks.push(`${url} (from ${from}): ${response?.status() ?? "no response"}`);
        continue;
      }
      const landed = new URL(page.url());
      const type = pageTypeOf(landed.pathname);
      if (type && !reachedFrom.has(type))
        reachedFrom.set(type, `${from} → ${landed.pathname}${landed.search}`);
      for (const link of await listClickTargets(page)) {
        const linkType = pageTypeOf(new URL(link, landed).pathname);
        if (seen.has(link) || linkType === null) continue;
        seen.add(link);
        const visits = visitsPerType.get(linkType) ?? 0;
        if (visits >= VISITS_PER_TYPE) continue;
        visitsPerType.set(linkType, visits + 1);
        queue.push({ url: link, from: `${landed.pathname}${landed.search}`, type: linkType });
      }
    }

    test.info().annotations.push({ type: "pages opened", description: String(seen.size - queue.length) });
    const missing = [...expected].filter((type) => !reachedFrom.has(type));
    expect(missing, `page types no link leads to, as ${user.role}`).toEqual([]);
    expect(brokenLinks, "links to pages that answer an error").toEqual([]);
    expect(
      failedRequests.filter((r) => /\/favicon|\/icon|\/manifest/.test(r)),
      "icon requests that failed",
    ).toEqual([]);
  });
}

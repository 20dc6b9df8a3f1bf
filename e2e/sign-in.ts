import { expect, type Page } from "@playwright/test";

// Signs a page's browser context in with one HTTP request, as a browser without JavaScript would:
// the sign-in page's form posts to its server action (Next's progressive enhancement), which checks
// the password and answers with the session cookie and a redirect. The cookie lands in the context's
// cookie jar, which the page shares. Faster than drawing the form and typing, and it goes through
// the same sign-in code (rate limit included).

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#x27": "'", "#39": "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, name: string) => ENTITIES[name]);
}

function readAttributes(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w$:-]+)="([^"]*)"/g))
    attributes[name] = decodeEntities(value);
  return attributes;
}

/** The hidden fields React renders into a server-action form (`$ACTION_…`, `next`). */
function readHiddenFields(html: string): Record<string, string> {
  const form = /<form\b[\s\S]*?<\/form>/.exec(
    html.slice(html.search(/<form\b[^>]*>(?=[\s\S]*name="email")/)),
  );
  if (!form) throw new Error("the sign-in page has no form");
  const fields: Record<string, string> = {};
  for (const [tag] of form[0].matchAll(/<input\b[^>]*>/g)) {
    const attributes = readAttributes(tag);
    if (attributes.type === "hidden" && attributes.name) fields[attributes.name] = attributes.value ?? "";
  }
  return fields;
}

export async function signInOverHttp(page: Page, email: string, password: string): Promise<void> {
  const login = await page.request.get("/login");
  expect(login.status()).toBe(200);
  const origin = new URL(login.url()).origin;
  const response = await page.request.post("/login", {
    headers: { Origin: origin },
    multipart: { ...readHiddenFields(await login.text()), email, password },
    maxRedirects: 0,
  });
  expect(response.status(), "the sign-in request redirects once it has set the session cookie").toBe(303);
  const cookies = await page.context().cookies(origin);
  expect(
    cookies.map((c) => c.name),
    "session cookie",
  ).toContain("studio_session");
}

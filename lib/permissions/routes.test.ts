import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTION_RULES, API_RULES, PAGE_RULES } from "./routes";
import { PERMISSIONS } from "./rules";

// Every route and server action must have a rule in the table, and must check that rule. A new page,
// route handler or action without one fails here.

const root = process.cwd();

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** `app/(studio)/rollouts/[id]/page.tsx` → `/rollouts/[id]` (route groups are not part of the URL). */
function routeOf(file: string): string {
  const segments = path
    .relative(path.join(root, "app"), path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.join("/")}`;
}

const appFiles = walk(path.join(root, "app"));
const pages = appFiles.filter((f) => f.endsWith("page.tsx"));
const handlers = appFiles.filter((f) => /route\.tsx?$/.test(f));
const actionFiles = walk(path.join(root, "lib")).filter((f) => f.endsWith("actions.ts"));
const KNOWN_RULES = new Set<string>(["public", "signed-in", ...Object.keys(PERMISSIONS)]);

describe("the route rule table", () => {
  it("names only known permissions", () => {
    for (const rule of [
      ...Object.values(PAGE_RULES),
      ...Object.values(API_RULES),
      ...Object.values(ACTION_RULES),
    ]) {
      expect(KNOWN_RULES.has(rule), `unknown rule ${rule}`).toBe(true);
    }
  });

  it.each(pages.map((f) => [path.relative(root, f), f]))(
    "page %s has a rule and checks it",
    (_name, file) => {
      const route = routeOf(file);
      expect(Object.keys(PAGE_RULES), `add "${route}" to PAGE_RULES`).toContain(route);
      const source = fs.readFileSync(file, "utf8");
      const checksItself = new RegExp(
        `get(Workspace)?PageContext\\("${route.replace(/[[\]]/g, "\\$&")}"\\)`,
      ).test(source);
      // Public pages (sign-in, invite) may skip the check; every other page must make it.
      if (PAGE_RULES[route as keyof typeof PAGE_RULES] !== "public") {
        expect(checksItself, `${file} must call getPageContext("${route}")`).toBe(true);
      }
    },
  );

  it("has no page rule without a page", () => {
    const routes = new Set(pages.map(routeOf));
    for (const route of Object.keys(PAGE_RULES)) expect(routes.has(route), `no page for ${route}`).toBe(true);
  });

  it.each(handlers.map((f) => [path.relative(root, f), f]))(
    "route handler %s has a rule per method",
    (_name, file) => {
      const source = fs.readFileSync(file, "utf8");
      const methods = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
      expect(methods.length, `${file} exports no handler through withRoute`).toBeGreaterThan(0);
      expect(source).not.toMatch(/export (async )?function (GET|POST|PUT|PATCH|DELETE)/);
      for (const method of methods) {
        const key = `${method} ${routeOf(file)}`;
        expect(Object.keys(API_RULES), `add "${key}" to API_RULES`).toContain(key);
        const usesRule = new RegExp(`withRoute\\(\\s*"${key.replace(/[[\]]/g, "\\$&")}"`).test(source);
        expect(usesRule, `${file} must use withRoute("${key}", …)`).toBe(true);
      }
    },
  );

  it("lists every server action, and every action checks its rule through runAction", () => {
    const found: string[] = [];
    for (const file of actionFiles) {
      const source = fs.readFileSync(file, "utf8");
      expect(source.startsWith('"use server"'), `${file} must start with "use server"`).toBe(true);
      for (const match of source.matchAll(
        /export async function (\w+)\s*\(([^)]*)\)[^{]*\{([\s\S]*?)\n\}/g,
      )) {
        const [, name, , body] = match;
        found.push(name);
        expect(Object.keys(ACTION_RULES), `add ${name} to ACTION_RULES`).toContain(name);
        expect(body, `${name} must call runAction("${name}", …)`).toMatch(
          new RegExp(`runAction\\(\\s*"${name}"`),
        );
      }
    }
    expect(found.sort()).toEqual(Object.keys(ACTION_RULES).sort());
  });
});

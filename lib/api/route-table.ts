import { API_RULES, type ApiRoute } from "@/lib/permissions/routes";

// Which /api/v1 paths and methods exist, from the rule table every route is listed in. The proxy uses
// it to answer unknown paths (404) and wrong methods (405) with the JSON error shape instead of
// Next's HTML page, so API clients get {"error":{code,message}} for every /api/v1 answer.

type Pattern = { regex: RegExp; method: string };

const PATTERNS: Pattern[] = (Object.keys(API_RULES) as ApiRoute[]).map((route) => {
  const [method, path] = route.split(" ");
  const source = path
    .split("/")
    .map((segment) => (/^\[\w+\]$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|\\]/g, "\\$&")))
    .join("/");
  return { regex: new RegExp(`^${source}/?$`), method };
});

export type ApiRouteMatch =
  | { kind: "found" }
  | { kind: "not_found" }
  | { kind: "method_not_allowed"; allow: string[] };

/** Whether `method pathname` names a route; HEAD counts as GET, OPTIONS as any method. */
export function matchApiRoute(method: string, pathname: string): ApiRouteMatch {
  const methods = new Set(PATTERNS.filter((p) => p.regex.test(pathname)).map((p) => p.method));
  if (methods.size === 0) return { kind: "not_found" };
  const wanted = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  if (wanted === "OPTIONS" || methods.has(wanted)) return { kind: "found" };
  return { kind: "method_not_allowed", allow: [...methods].sort() };
}

import type { z } from "zod";
import { type CheckResult, fail, pass } from "./check-result";
import type { jsonPathEqualsConfig } from "./check-schemas";
import { extractTarget, shorten } from "./extract-target";

type Config = z.output<typeof jsonPathEqualsConfig>;
type Segment = string | number;

// A small, predictable JSONPath subset: `$`, `.name`, `['name']` / `["name"]`, `[0]` and `[-1]`
// (from the end). Wildcards, filters and recursive descent are refused rather than half-supported.

/** Parses a path into segments, or returns an error message. */
export function parseJsonPath(path: string): Segment[] | { error: string } {
  const source = path.trim();
  if (!source.startsWith("$")) return { error: 'A path starts with "$", e.g. $.answer or $.items[0].name.' };
  const segments: Segment[] = [];
  let i = 1;
  while (i < source.length) {
    const rest = source.slice(i);
    const dot = /^\.([A-Za-z_$][\w$-]*)/.exec(rest);
    const index = /^\[\s*(-?\d+)\s*\]/.exec(rest);
    const quoted = /^\[\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*\]/.exec(rest);
    if (dot) {
      segments.push(dot[1]);
      i += dot[0].length;
    } else if (index) {
      segments.push(Number(index[1]));
      i += index[0].length;
    } else if (quoted) {
      segments.push((quoted[1] ?? quoted[2]).replace(/\\(.)/g, "$1"));
      i += quoted[0].length;
    } else {
      return { error: `Unsupported path syntax at "${rest.slice(0, 20)}": use .name, ['name'] or [index].` };
    }
  }
  return segments;
}

/** The value at a path, or `found: false`. */
export function readJsonPath(value: unknown, segments: Segment[]): { found: boolean; value?: unknown } {
  let current: unknown = value;
  for (const segment of segments) {
    if (typeof segment === "number") {
      if (!Array.isArray(current)) return { found: false };
      const at = segment < 0 ? current.length + segment : segment;
      if (at < 0 || at >= current.length) return { found: false };
      current = current[at];
    } else {
      if (current === null || typeof current !== "object" || Array.isArray(current)) return { found: false };
      if (!Object.hasOwn(current, segment)) return { found: false };
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return { found: true, value: current };
}

/** Structural equality of JSON values (object key order does not matter). */
export function isJsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => isJsonEqual(x, b[i]))
    );
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every(
        (k) =>
          Object.hasOwn(b, k) &&
          isJsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return false;
}

const FENCE_RE = /```(?:json|JSON)?\s*\n([\s\S]*?)```/g;

/** The JSON document in a response: the whole text, else the last fenced block, else the outermost {…} or […]. */
export function findJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const attempts = [text.trim(), ...[...text.matchAll(FENCE_RE)].map((m) => m[1].trim()).reverse()];
  const firstBrace = text.search(/[{[]/);
  const lastBrace = Math.max(text.lastIndexOf("}"), text.lastIndexOf("]"));
  if (firstBrace >= 0 && lastBrace > firstBrace) attempts.push(text.slice(firstBrace, lastBrace + 1));
  for (const attempt of attempts) {
    if (!attempt) continue;
    try {
      return { ok: true, value: JSON.parse(attempt) };
    } catch {
      // try the next candidate
    }
  }
  return { ok: false };
}

const showJson = (value: unknown) => shorten(JSON.stringify(value) ?? "undefined", 60);

/** The value at `path` in the JSON of the (extracted) response equals `expected`. */
export function evaluateJsonPathEquals(config: Config, response: string): CheckResult {
  const segments = parseJsonPath(config.path);
  if (!Array.isArray(segments)) return fail(segments.error);
  const target = extractTarget(response, config.extract);
  if (!target.ok) return fail(target.detail);
  const json = findJson(target.text);
  if (!json.ok) return fail("The response holds no JSON document.");
  const at = readJsonPath(json.value, segments);
  if (!at.found) return fail(`Nothing at ${config.path} in the response's JSON.`);
  return isJsonEqual(at.value, config.expected)
    ? pass(`${config.path} equals ${showJson(config.expected)}.`)
    : fail(`${config.path} is ${showJson(at.value)}, expected ${showJson(config.expected)}.`);
}

import type { z } from "zod";
import { type CheckResult, fail, pass } from "./check-result";
import type { containsAllConfig } from "./check-schemas";
import { extractTarget, normalizeWhitespace, quoteShort } from "./extract-target";

type Config = z.output<typeof containsAllConfig>;

/** Every item appears in the (extracted) response; the score is the share that does (partial credit). */
export function evaluateContainsAll(config: Config, response: string): CheckResult {
  const target = extractTarget(response, config.extract);
  if (!target.ok) return fail(target.detail);
  const fold = (s: string) => {
    const spaced = normalizeWhitespace(s);
    return config.caseSensitive ? spaced : spaced.toLowerCase();
  };
  const haystack = fold(target.text);
  const missing = config.items.filter((item) => !haystack.includes(fold(item)));
  const found = config.items.length - missing.length;
  const score = found / config.items.length;
  if (missing.length === 0) return pass(`Contains all ${config.items.length} items.`);
  const list = missing
    .slice(0, 5)
    .map((m) => quoteShort(m, 40))
    .join(", ");
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : "";
  return fail(`Contains ${found} of ${config.items.length}; missing ${list}${more}.`, score);
}

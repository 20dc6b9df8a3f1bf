import type { z } from "zod";
import { type CheckResult, fail, pass } from "./check-result";
import type { exactMatchConfig } from "./check-schemas";
import { extractTarget, normalizeWhitespace, quoteShort } from "./extract-target";

type Config = z.output<typeof exactMatchConfig>;

function normalize(text: string, config: Config): string {
  const spaced = config.normalizeWhitespace ? normalizeWhitespace(text) : text.trim();
  return config.caseSensitive ? spaced : spaced.toLowerCase();
}

/** The (extracted) response equals the expected text, up to case and whitespace as configured. */
export function evaluateExactMatch(config: Config, response: string): CheckResult {
  const target = extractTarget(response, config.extract);
  if (!target.ok) return fail(target.detail);
  if (normalize(target.text, config) === normalize(config.expected, config)) {
    return pass(`Matches ${quoteShort(config.expected)}.`);
  }
  return fail(`Got ${quoteShort(target.text)}, expected ${quoteShort(config.expected)}.`);
}

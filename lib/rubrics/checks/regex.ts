import type { z } from "zod";
import { type CheckResult, fail, pass } from "./check-result";
import type { regexConfig } from "./check-schemas";
import { extractTarget, quoteShort } from "./extract-target";
import { compileSafeRegex, type SafeRegex } from "./safe-regex";

type Config = z.output<typeof regexConfig>;

/** The (extracted) response matches (in linear time: safe-regex.ts) the pattern, or must not match it when `shouldMatch` is false. */
export function evaluateRegex(config: Config, response: string): CheckResult {
  const target = extractTarget(response, config.extract);
  if (!target.ok) return fail(target.detail);
  let re: SafeRegex;
  try {
    re = compileSafeRegex(config.pattern, config.flags);
  } catch {
    return fail("The pattern is not a valid regular expression.");
  }
  const found = re.exec(target.text);
  const match = found ? [found.text] : null;
  const shown = `/${config.pattern}/${config.flags}`;
  if (config.shouldMatch) {
    return match
      ? pass(`Matches ${shown} at ${quoteShort(match[0], 60)}.`)
      : fail(`Does not match ${shown}.`);
  }
  return match
    ? fail(`Must not match ${shown}, but does at ${quoteShort(match[0], 60)}.`)
    : pass(`Does not match ${shown}.`);
}

import type { z } from "zod";
import { type CheckResult, fail, pass } from "./check-result";
import type { numberToleranceConfig } from "./check-schemas";
import { extractTarget } from "./extract-target";

type Config = z.output<typeof numberToleranceConfig>;

// Numbers as people write them: signs (also the Unicode minus), thousands separators, decimals,
// exponents. "3,5" is not read as 3.5: decimal commas are ambiguous with thousands separators.
const NUMBER_RE = /[-−+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|[-−+]?\.\d+(?:[eE][-+]?\d+)?/g;

/** Every number in the text, in order. */
export function parseNumbers(text: string): number[] {
  return [...text.matchAll(NUMBER_RE)]
    .map((m) => Number(m[0].replace(/,/g, "").replace("−", "-")))
    .filter((n) => Number.isFinite(n));
}

const show = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(10))));

/** The last number of the (extracted) response lies within the tolerance of the expected value. */
export function evaluateNumberTolerance(config: Config, response: string): CheckResult {
  const target = extractTarget(response, config.extract);
  if (!target.ok) return fail(target.detail);
  const numbers = parseNumbers(target.text);
  if (numbers.length === 0) return fail("No number found in the response.");
  const actual = numbers[numbers.length - 1];
  const allowed = config.relative ? Math.abs(config.expected) * config.tolerance : config.tolerance;
  const difference = Math.abs(actual - config.expected);
  // A little slack for binary floating point (0.1 + 0.2 within 0.3 ± 0).
  const isWithin = difference <= allowed + 1e-12 * Math.max(1, Math.abs(config.expected));
  const range = config.relative ? `±${show(config.tolerance * 100)}%` : `±${show(config.tolerance)}`;
  return isWithin
    ? pass(`${show(actual)} is within ${show(config.expected)} ${range}.`)
    : fail(`${show(actual)} is off by ${show(difference)}; expected ${show(config.expected)} ${range}.`);
}

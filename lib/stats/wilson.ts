// Wilson score interval for a binomial proportion (Wilson 1927; method 3 of Newcombe 1998). Unlike
// the Wald interval it stays inside [0, 1] and is not zero-width at 0/n or n/n, which matters for
// the small samples a review queue produces.
import { assertCount, assertFinite } from "./validate";

export type WilsonInterval = {
  /** successes / n; null (with null bounds) when n = 0. */
  estimate: number | null;
  low: number | null;
  high: number | null;
  successes: number;
  n: number;
};

/** 95% two-sided by default; pass z = 2.5758 for 99%. */
export function wilsonInterval(successes: number, n: number, z = 1.96): WilsonInterval {
  assertCount("successes", successes);
  assertCount("n", n);
  if (successes > n) throw new RangeError(`successes (${successes}) cannot exceed n (${n})`);
  assertFinite("z", z);
  if (z <= 0) throw new RangeError(`z must be positive, got ${z}`);
  if (n === 0) return { estimate: null, low: null, high: null, successes, n };

  const p = successes / n;
  const z2n = (z * z) / n;
  const denominator = 1 + z2n;
  const center = (p + z2n / 2) / denominator;
  const halfWidth = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n));
  // At 0/n and n/n the bound is exactly 0 or 1; pin it so rounding cannot yield -1e-17.
  const low = successes === 0 ? 0 : Math.max(0, center - halfWidth);
  const high = successes === n ? 1 : Math.min(1, center + halfWidth);
  return { estimate: p, low, high, successes, n };
}

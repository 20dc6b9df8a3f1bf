// Krippendorff's alpha (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability"): agreement
// among any number of coders, with missing values, at several levels of measurement. Built on the
// coincidence matrix: a unit with m values contributes each ordered pair of values from different
// coders with weight 1/(m − 1); units with fewer than two values are not pairable and are ignored.
import { assertFinite, compareLabels } from "./validate";

export type MeasurementLevel = "nominal" | "ordinal" | "interval" | "ratio";
export type CodedValue = string | number | null | undefined;
export type ValueCount = { value: string; count: number };

export type KrippendorffOptions = {
  /** Ordinal only: the categories from lowest to highest. Without it, values must be numeric. */
  order?: readonly string[];
};

export type KrippendorffAlpha = {
  /** 1 − D_o / D_e; null when fewer than two pairable values or no variation at all (D_e = 0). */
  alpha: number | null;
  level: MeasurementLevel;
  /** Pairable values: the n.. of the paper, values in units with at least two values. */
  n: number;
  /** Units with at least two values. */
  pairableUnits: number;
  /** Observed disagreement D_o and expected disagreement D_e (null when n < 2). */
  observedDisagreement: number | null;
  expectedDisagreement: number | null;
  /** n_c: how often each value occurs among pairable values, in scale order. */
  valueCounts: ValueCount[];
};

/** units[u][c] is coder c's value for unit u; null/undefined = missing. Rows may differ in length. */
export function krippendorffAlpha(
  units: readonly (readonly CodedValue[])[],
  level: MeasurementLevel,
  options: KrippendorffOptions = {},
): KrippendorffAlpha {
  const pairable = units
    .map((unit) => unit.filter((v): v is string | number => v !== null && v !== undefined).map(String))
    .filter((values) => values.length >= 2);

  const counts = new Map<string, number>();
  for (const values of pairable) for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const scale = orderValues([...counts.keys()], level, options);
  const valueCounts = scale.map((value) => ({ value, count: counts.get(value)! }));
  const n = valueCounts.reduce((sum, { count }) => sum + count, 0);
  const base = { level, n, pairableUnits: pairable.length, valueCounts };
  if (n < 2) return { ...base, alpha: null, observedDisagreement: null, expectedDisagreement: null };

  const delta = buildDistance(level, valueCounts);
  // Σ_ck o_ck δ²_ck, accumulated unit by unit (each unordered pair counted twice, as ordered pairs).
  let observedSum = 0;
  for (const values of pairable) {
    let unitSum = 0;
    for (let i = 0; i < values.length; i++) {
      for (let j = i + 1; j < values.length; j++) unitSum += 2 * delta(values[i], values[j]);
    }
    observedSum += unitSum / (values.length - 1);
  }
  const expectedSum = sumExpected(level, valueCounts, n, delta);
  const observedDisagreement = observedSum / n;
  const expectedDisagreement = expectedSum / (n * (n - 1));
  const alpha = expectedSum === 0 ? null : 1 - ((n - 1) * observedSum) / expectedSum;
  return { ...base, alpha, observedDisagreement, expectedDisagreement };
}

function orderValues(values: string[], level: MeasurementLevel, options: KrippendorffOptions): string[] {
  if (level === "nominal") return values.sort(compareLabels);
  if (level === "ordinal" && options.order) {
    const rank = new Map(options.order.map((value, i) => [value, i]));
    const unknown = values.find((v) => !rank.has(v));
    if (unknown !== undefined) throw new RangeError(`value "${unknown}" is not in the ordinal order`);
    return values.sort((a, b) => rank.get(a)! - rank.get(b)!);
  }
  for (const v of values) assertFinite(`${level} value "${v}"`, toNumber(v));
  if (level === "ratio" && values.some((v) => toNumber(v) < 0)) {
    throw new RangeError("ratio values cannot be negative");
  }
  return values.sort((a, b) => toNumber(a) - toNumber(b) || compareLabels(a, b));
}

function toNumber(value: string): number {
  return value.trim() === "" ? Number.NaN : Number(value);
}

type Distance = (a: string, b: string) => number;

/** δ²(c, k), the squared difference function of each level (Krippendorff 2011, section C). */
function buildDistance(level: MeasurementLevel, valueCounts: ValueCount[]): Distance {
  if (level === "nominal") return (a: string, b: string) => (a === b ? 0 : 1);
  if (level === "interval") return (a: string, b: string) => (toNumber(a) - toNumber(b)) ** 2;
  if (level === "ratio") {
    return (a: string, b: string) => {
      const x = toNumber(a);
      const y = toNumber(b);
      return x + y === 0 ? 0 : ((x - y) / (x + y)) ** 2;
    };
  }
  // Ordinal: δ_ck = Σ_{g=c..k} n_g − (n_c + n_k)/2, which equals the difference of midranks.
  const midrank = new Map<string, number>();
  let below = 0;
  for (const { value, count } of valueCounts) {
    midrank.set(value, below + count / 2);
    below += count;
  }
  return (a: string, b: string) => (midrank.get(a)! - midrank.get(b)!) ** 2;
}

/** Σ_c Σ_k n_c n_k δ²_ck, in closed form where one exists. */
function sumExpected(level: MeasurementLevel, valueCounts: ValueCount[], n: number, delta: Distance): number {
  if (level === "nominal") {
    return n * n - valueCounts.reduce((sum, { count }) => sum + count * count, 0);
  }
  if (level === "interval") {
    // Σ Σ n_c n_k (c − k)² = 2n Σ n_c (c − mean)²; centring avoids cancellation for large values.
    const mean = valueCounts.reduce((sum, { value, count }) => sum + count * toNumber(value), 0) / n;
    return (
      2 * n * valueCounts.reduce((sum, { value, count }) => sum + count * (toNumber(value) - mean) ** 2, 0)
    );
  }
  let sum = 0;
  for (let i = 0; i < valueCounts.length; i++) {
    for (let j = i + 1; j < valueCounts.length; j++) {
      sum +=
        2 * valueCounts[i].count * valueCounts[j].count * delta(valueCounts[i].value, valueCounts[j].value);
    }
  }
  return sum;
}

// Cohen's kappa for two raters over nominal categories (Cohen 1960): agreement corrected for the
// agreement expected if both raters labelled at random with their own category frequencies.
import { compareLabels } from "./validate";

export type LabelPair = readonly [a: string, b: string];

export type CohenKappa = {
  /** (observed − expected) / (1 − expected); null when n = 0 or chance agreement is 1 (one category). */
  kappa: number | null;
  /** Share of items both raters labelled the same; null when n = 0. */
  observed: number | null;
  /** Agreement expected by chance from each rater's marginals; null when n = 0. */
  expected: number | null;
  n: number;
  /** Every label either rater used, in code-unit order; indexes `matrix`. */
  categories: string[];
  /** matrix[i][j] = items rater A put in categories[i] and rater B in categories[j]. */
  matrix: number[][];
};

export function cohenKappa(pairs: readonly LabelPair[]): CohenKappa {
  const categories = [...new Set(pairs.flat())].sort(compareLabels);
  const index = new Map(categories.map((label, i) => [label, i]));
  const matrix = categories.map(() => categories.map(() => 0));
  for (const [a, b] of pairs) matrix[index.get(a)!][index.get(b)!] += 1;

  const n = pairs.length;
  if (n === 0) return { kappa: null, observed: null, expected: null, n, categories, matrix };

  let agreed = 0;
  let chance = 0;
  categories.forEach((_, i) => {
    agreed += matrix[i][i];
    const rowTotal = matrix[i].reduce((sum, count) => sum + count, 0);
    const columnTotal = matrix.reduce((sum, row) => sum + row[i], 0);
    chance += (rowTotal / n) * (columnTotal / n);
  });
  const observed = agreed / n;
  const expected = chance;
  // Both raters used one and the same category throughout: chance agreement is certain, κ is 0/0.
  const kappa = categories.length < 2 ? null : (observed - expected) / (1 - expected);
  return { kappa, observed, expected, n, categories, matrix };
}

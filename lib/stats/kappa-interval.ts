// A 95% interval for Cohen's kappa from its large-sample standard error (Fleiss, Cohen & Everitt
// 1969, "Large sample standard errors of kappa and weighted kappa"), clipped to [−1, 1].
import type { CohenKappa } from "./cohen-kappa";

export type KappaInterval = {
  kappa: number | null;
  lower: number | null;
  upper: number | null;
  se: number | null;
  n: number;
};

export function kappaInterval(result: CohenKappa, z = 1.96): KappaInterval {
  const { kappa, expected, n, matrix } = result;
  if (kappa === null || expected === null || n === 0) return { kappa, lower: null, upper: null, se: null, n };
  const p = matrix.map((row) => row.map((count) => count / n));
  const rows = p.map((row) => row.reduce((a, b) => a + b, 0));
  const cols = p[0].map((_, j) => p.reduce((sum, row) => sum + row[j], 0));
  let diagonal = 0;
  let offDiagonal = 0;
  p.forEach((row, i) => {
    row.forEach((pij, j) => {
      if (i === j) diagonal += pij * (1 - (rows[i] + cols[i]) * (1 - kappa)) ** 2;
      else offDiagonal += pij * (cols[i] + rows[j]) ** 2;
    });
  });
  const variance =
    (diagonal + (1 - kappa) ** 2 * offDiagonal - (kappa - expected * (1 - kappa)) ** 2) /
    (n * (1 - expected) ** 2);
  const se = Math.sqrt(Math.max(0, variance));
  return { kappa, lower: Math.max(-1, kappa - z * se), upper: Math.min(1, kappa + z * se), se, n };
}

// What every evaluator returns: pass/fail, a score from 0 to 1 (partial credit where it makes
// sense) and a sentence an author can act on.
export type CheckResult = { passed: boolean; score: number; detail: string };

export const pass = (detail: string): CheckResult => ({ passed: true, score: 1, detail });
export const fail = (detail: string, score = 0): CheckResult => ({ passed: false, score, detail });

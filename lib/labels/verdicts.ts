import { LABEL_VERDICTS, type LabelVerdict } from "@/lib/values/review-values";

// The verdicts' keyboard keys in the review view (1–6, in LABEL_VERDICTS order).

/** "1" → genuine-success … "6" → unclear. */
export function verdictForKey(key: string): LabelVerdict | null {
  const index = Number(key) - 1;
  return Number.isInteger(index) && index >= 0 && index < LABEL_VERDICTS.length
    ? LABEL_VERDICTS[index]
    : null;
}

import { Badge } from "@/components/ui/badge";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import type { LabelVerdict } from "@/lib/values/review-values";

const TONE = {
  "genuine-success": "success",
  "genuine-failure": "neutral",
  "reward-hack": "danger",
  "grader-false-negative": "accent",
  "environment-broken": "warning",
  unclear: "neutral",
} as const satisfies Record<LabelVerdict, string>;

export function VerdictBadge({ verdict }: { verdict: LabelVerdict }) {
  return (
    <Badge tone={TONE[verdict]} data-verdict={verdict}>
      {VERDICT_NAMES[verdict]}
    </Badge>
  );
}

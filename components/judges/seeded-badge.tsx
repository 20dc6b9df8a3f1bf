import { Badge } from "@/components/ui/badge";

/**
 * Beside a judge's calibration or deployment figures that come from the demo seed's judgments
 * (lib/judges/seeded.ts): `note` is the API's `seeded` field, nothing is shown when it is null.
 */
export function SeededBadge({ note }: { note: string | null }) {
  if (note === null) return null;
  return (
    <Badge
      tone="warning"
      data-testid="seeded-note"
      title="The demo stored these judgments; no model produced them."
    >
      {note}
    </Badge>
  );
}

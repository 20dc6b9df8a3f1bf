import { cn } from "@/lib/utils";
import type { HighlightTone, TextHighlight } from "./highlight-segments";

const TONE: Record<HighlightTone, string> = {
  danger: "border-danger/50 bg-danger/10 text-danger",
  warning: "border-warning/50 bg-warning/10 text-warning",
  accent: "border-accent/50 bg-accent/10 text-accent",
  neutral: "border-border bg-surface-muted text-fg-muted",
};

/** The labels of highlights that cover a whole tool call or tool result, shown on it. */
export function HighlightBadges({ highlights }: { highlights: readonly TextHighlight[] }) {
  if (highlights.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Highlights">
      {highlights.map((h) => (
        <li
          key={h.id}
          data-highlight={h.id}
          className={cn(
            "rounded-full border px-2 py-0.5 text-[11px]",
            TONE[h.tone],
            h.isActive && "ring-2 ring-accent",
          )}
        >
          {h.label}
        </li>
      ))}
    </ul>
  );
}

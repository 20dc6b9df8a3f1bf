import { cn } from "@/lib/utils";
import { type HighlightTone, splitByHighlights, type TextHighlight } from "./highlight-segments";

const TONE: Record<HighlightTone, string> = {
  danger: "bg-danger/20 decoration-danger",
  warning: "bg-warning/25 decoration-warning",
  accent: "bg-accent/20 decoration-accent",
  neutral: "bg-fg-muted/20 decoration-fg-muted",
};

/** Preformatted untrusted text with highlighted ranges (React escapes it, as PlainText does). */
export function HighlightedText({
  text,
  highlights,
  className,
}: {
  text: string;
  highlights: readonly TextHighlight[];
  className?: string;
}) {
  return (
    <pre className={cn("whitespace-pre-wrap break-words font-mono text-xs leading-5 text-fg", className)}>
      {splitByHighlights(text, highlights).map((segment, i) => {
        const [first] = segment.highlights;
        if (!first) return segment.text;
        const isActive = segment.highlights.some((h) => h.isActive);
        return (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and rebuilt with the text.
            key={i}
            data-highlight={segment.highlights.map((h) => h.id).join(" ")}
            title={segment.highlights.map((h) => h.label).join("\n")}
            className={cn(
              "rounded-sm text-fg underline decoration-2 underline-offset-2",
              TONE[first.tone],
              isActive && "ring-2 ring-accent",
            )}
          >
            {segment.text}
          </mark>
        );
      })}
    </pre>
  );
}

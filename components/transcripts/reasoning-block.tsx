"use client";

import type { TextHighlight } from "./highlight-segments";
import { HighlightedText } from "./highlighted-text";
import { type FullTextSource, TruncatedText } from "./truncated-text";

/**
 * The model's reasoning, collapsed by default and open when something in it is marked (a span, or
 * the match a find stepped to). Selections in it map to offsets in the reasoning (data-text-part).
 */
export function ReasoningBlock({
  text,
  fullLength,
  source,
  messageIndex,
  highlights = [],
  isOpen = false,
}: {
  text: string;
  fullLength: number;
  source: FullTextSource;
  messageIndex: number;
  highlights?: readonly TextHighlight[];
  /** Open it whatever the reader did (find stepped to a match in it). */
  isOpen?: boolean;
}) {
  const shouldOpen = isOpen || highlights.length > 0;
  return (
    <details
      // A new key when it must open, so it opens even after the reader closed it; the reader may close it again.
      key={shouldOpen ? "open" : "closed"}
      open={shouldOpen}
      className="group rounded-md border border-border bg-surface-muted/60"
    >
      <summary className="cursor-pointer select-none px-3 py-1.5 text-xs font-medium text-fg-muted hover:text-fg">
        Reasoning · {fullLength.toLocaleString("en-US")} characters
      </summary>
      <div className="border-t border-border px-3 py-2 italic" data-span-part="reasoning">
        <TruncatedText
          text={text}
          fullLength={fullLength}
          source={source}
          render={(t) => (
            <div data-text-root={messageIndex} data-text-part="reasoning" data-text-exact="true">
              <HighlightedText text={t} highlights={highlights} />
            </div>
          )}
        />
      </div>
    </details>
  );
}

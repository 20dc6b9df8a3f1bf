"use client";

import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { cn } from "@/lib/utils";
import { HighlightBadges } from "./highlight-badges";
import { type HighlightMap, highlightsIn, NO_HIGHLIGHTS } from "./highlight-segments";
import { HighlightedText } from "./highlighted-text";
import { PlainText } from "./plain-text";
import { TruncatedText } from "./truncated-text";

/** A tool message's output (and its error), truncated with "Show all". */
export function ToolResultBody({
  rolloutId,
  message,
  highlights = NO_HIGHLIGHTS,
}: {
  rolloutId: string;
  message: TranscriptMessage;
  /** Highlights by message index; this result draws its own (text ranges, or the whole result). */
  highlights?: HighlightMap;
}) {
  const own = highlights.get(message.index) ?? [];
  const whole = own.filter((h) => h.kind === "tool-result");
  return (
    <div
      className={cn(
        "flex flex-col gap-2",
        whole.length > 0 && "rounded-md ring-2 ring-accent/40 ring-offset-2",
      )}
    >
      <HighlightBadges highlights={whole} />
      {message.error ? (
        <div data-span-part="error">
          <PlainText text={message.error} className="text-danger" />
        </div>
      ) : null}
      {message.content || !message.error ? (
        <TruncatedText
          text={message.content}
          fullLength={message.contentLength}
          source={{ rolloutId, index: message.index, field: "content" }}
          maxLines={20}
          render={(t) => (
            // data-text-root: text selections here map to offsets in this message's text.
            <div data-text-root={message.index} data-text-exact="true">
              <HighlightedText
                text={t || "(empty output)"}
                highlights={t ? highlightsIn(own, { part: "content" }) : []}
              />
            </div>
          )}
        />
      ) : null}
    </div>
  );
}

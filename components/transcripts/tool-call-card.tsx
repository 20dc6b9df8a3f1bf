"use client";

import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { messageAnchor } from "@/lib/rollouts/transcript-text";
import { cn } from "@/lib/utils";
import type { ToolCall } from "@/lib/values/message-json";
import { HighlightBadges } from "./highlight-badges";
import { type HighlightMap, NO_HIGHLIGHTS } from "./highlight-segments";
import { ToolArgumentsView } from "./tool-arguments-view";
import { ToolResultBody } from "./tool-result-body";

/** A tool call: name and arguments (as text, or raw JSON), beside the result that answered it. */
export function ToolCallCard({
  rolloutId,
  call,
  result,
  isResultPending,
  messageIndex,
  highlights = NO_HIGHLIGHTS,
}: {
  rolloutId: string;
  call: ToolCall;
  result: TranscriptMessage | undefined;
  isResultPending: boolean;
  /** The message that made the call, for highlights that cover the whole call. */
  messageIndex?: number;
  highlights?: HighlightMap;
}) {
  const isError = Boolean(result?.error);
  const own = messageIndex === undefined ? [] : (highlights.get(messageIndex) ?? []);
  // Marks on the whole call; those that name an excerpt of the arguments (scanner evidence) also
  // highlight that text itself.
  const marks = own.filter((h) => h.kind === "tool-call" && h.toolCallId === call.id);
  return (
    <section
      aria-label={`Tool call ${call.name}`}
      className={cn(
        "overflow-hidden rounded-md border",
        isError ? "border-danger/60" : "border-border",
        marks.length > 0 && "ring-2 ring-accent/40 ring-offset-2",
      )}
    >
      <header className="flex items-center gap-2 border-b border-border bg-surface-muted px-3 py-1.5 text-xs">
        <span className="font-mono font-semibold text-fg">{call.name}</span>
        <span className="truncate font-mono text-fg-muted" title={call.id}>
          {call.id}
        </span>
        {result ? (
          <a href={`#${messageAnchor(result.index)}`} className="ml-auto text-fg-muted hover:text-accent">
            result #{result.index}
          </a>
        ) : null}
      </header>
      {marks.length > 0 ? (
        <div className="border-b border-border px-3 py-1.5">
          <HighlightBadges highlights={marks} />
        </div>
      ) : null}
      <div className="grid md:grid-cols-2 md:divide-x divide-border">
        <div className="min-w-0 p-3" data-span-part="arguments">
          <p className="mb-1 text-[11px] font-medium uppercase tracking-wide text-fg-muted">Arguments</p>
          <ToolArgumentsView
            call={call}
            messageIndex={messageIndex ?? null}
            highlights={own}
            excerpts={marks}
          />
        </div>
        <div className={cn("min-w-0 border-t border-border p-3 md:border-t-0", isError && "bg-danger/5")}>
          <p
            className={cn(
              "mb-1 text-[11px] font-medium uppercase tracking-wide",
              isError ? "text-danger" : "text-fg-muted",
            )}
          >
            {isError ? "Error" : "Result"}
          </p>
          {result ? (
            <ToolResultBody rolloutId={rolloutId} message={result} highlights={highlights} />
          ) : (
            <p className="text-xs text-fg-muted">
              {isResultPending ? "Loading…" : "No result recorded for this call."}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

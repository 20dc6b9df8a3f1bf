"use client";

import { useState } from "react";
import { splitArgumentFields } from "@/lib/rollouts/tool-arguments";
import { formatArguments } from "@/lib/rollouts/transcript-text";
import type { ToolCall } from "@/lib/values/message-json";
import { findExcerpt, highlightsIn, type TextHighlight } from "./highlight-segments";
import { HighlightedText } from "./highlighted-text";
import { TruncatedText } from "./truncated-text";

/**
 * A tool call's arguments: field by field when a string in them holds multi-line text (code, a
 * command, a patch), each string shown as the text it is; otherwise, and a click away, the raw JSON.
 * Every string is a text root of its own (data-text-part="argument" with the call id and JSON
 * pointer), so a span selected in it is stored as offsets into that string.
 */
export function ToolArgumentsView({
  call,
  messageIndex,
  highlights,
  excerpts,
}: {
  call: ToolCall;
  /** The message that made the call; null when the call is shown outside its message. */
  messageIndex: number | null;
  /** The message's highlights (span labels in these arguments among them). */
  highlights: readonly TextHighlight[];
  /** Marks on the whole call naming an excerpt of its arguments (scanner evidence). */
  excerpts: readonly TextHighlight[];
}) {
  const fields = splitArgumentFields(call.arguments);
  const [isRaw, setIsRaw] = useState(false);
  const showRaw = isRaw || fields === null;

  const root = (path: string, text: string, maxLines: number) => {
    const own = highlightsIn(highlights, { part: "argument", toolCallId: call.id, argumentPath: path });
    for (const mark of excerpts) {
      const range = mark.excerpt ? findExcerpt(text, mark.excerpt) : null;
      if (range) own.push({ ...mark, kind: "text", part: "argument", argumentPath: path, ...range });
    }
    return (
      <TruncatedText
        text={text}
        fullLength={text.length}
        maxLines={maxLines}
        render={(t) => (
          <div
            data-text-root={messageIndex ?? undefined}
            data-text-part="argument"
            data-tool-call-id={call.id}
            data-argument-path={path}
            data-text-exact="true"
          >
            <HighlightedText text={t} highlights={own} />
          </div>
        )}
      />
    );
  };

  return (
    <div className="flex flex-col gap-2">
      {fields !== null ? (
        <button
          type="button"
          aria-pressed={isRaw}
          onClick={() => setIsRaw(!isRaw)}
          className="self-end text-[11px] font-medium text-accent hover:underline"
        >
          {isRaw ? "Show as text" : "Raw JSON"}
        </button>
      ) : null}
      {showRaw ? (
        root("", formatArguments(call.arguments), 40)
      ) : (
        <dl className="flex flex-col gap-2">
          {fields.map((field) => (
            <div key={field.path} className="min-w-0">
              <dt className="font-mono text-[11px] text-fg-muted">
                {field.key}
                {field.kind === "text" && field.language ? (
                  <span className="ml-2 rounded bg-surface-muted px-1 py-0.5 font-sans">
                    {field.language}
                  </span>
                ) : null}
              </dt>
              <dd
                className={
                  field.kind === "text" && field.text.includes("\n")
                    ? "mt-0.5 rounded border border-border bg-surface-muted/50 px-2 py-1"
                    : "mt-0.5"
                }
              >
                {field.kind === "text" ? (
                  root(field.path, field.text, 40)
                ) : (
                  <HighlightedText text={field.json} highlights={[]} />
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

"use client";

import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { callKey, type ToolPairing } from "@/lib/rollouts/pair-tool-calls";
import { messageAnchor } from "@/lib/rollouts/transcript-text";
import { type HighlightMap, hasTextHighlights, highlightsIn, NO_HIGHLIGHTS } from "./highlight-segments";
import { HighlightedText } from "./highlighted-text";
import { MessageParts } from "./message-parts";
import { PlainText } from "./plain-text";
import { ReasoningBlock } from "./reasoning-block";
import { SafeMarkdown } from "./safe-markdown";
import { ToolCallCard } from "./tool-call-card";
import { ToolResultBody } from "./tool-result-body";
import { TruncatedText } from "./truncated-text";

type Props = {
  rolloutId: string;
  message: TranscriptMessage;
  pairing: ToolPairing;
  isMarkdown: boolean;
  /** Whether messages after this one may still be loading (a call's result may be among them). */
  isLoadingAround: boolean;
  /** Highlights by message index (span labels); a message with text highlights shows as plain text. */
  highlights?: HighlightMap;
};

/** The content of one message by role; all untrusted text goes through PlainText or SafeMarkdown. */
export function MessageBody({
  rolloutId,
  message,
  pairing,
  isMarkdown,
  isLoadingAround,
  highlights = NO_HIGHLIGHTS,
}: Props) {
  const source = { rolloutId, index: message.index };
  const own = highlights.get(message.index) ?? [];
  const inContent = highlightsIn(own, { part: "content" });
  // data-text-root marks where a text selection maps to offsets in messages.text: exactly when the
  // text is shown as it is (plain), approximately when rendered as markdown.
  const plainRoot = (t: string) => (
    <div data-text-root={message.index} data-text-exact="true">
      <HighlightedText text={t} highlights={inContent} className="font-sans text-sm" />
    </div>
  );
  if (message.role === "system") {
    return (
      <details>
        <summary className="cursor-pointer select-none text-xs font-medium text-fg-muted hover:text-fg">
          System prompt · {message.contentLength.toLocaleString("en-US")} characters
        </summary>
        <div className="mt-2">
          <TruncatedText
            text={message.content}
            fullLength={message.contentLength}
            source={{ ...source, field: "content" }}
            render={(t) => (
              <div data-text-root={message.index} data-text-exact="true">
                <HighlightedText text={t} highlights={inContent} />
              </div>
            )}
          />
        </div>
      </details>
    );
  }
  if (message.role === "tool") {
    const call = pairing.callByResult.get(message.index);
    if (call) {
      return (
        <p className="text-xs text-fg-muted">
          Result of <span className="font-mono text-fg">{call.call.name}</span>, shown beside its call in{" "}
          <a className="text-accent underline underline-offset-2" href={`#${messageAnchor(call.callIndex)}`}>
            message #{call.callIndex}
          </a>
          .
        </p>
      );
    }
    return <ToolResultBody rolloutId={rolloutId} message={message} highlights={highlights} />;
  }
  return (
    <div className="flex flex-col gap-3">
      {message.reasoning ? (
        <ReasoningBlock
          text={message.reasoning}
          fullLength={message.reasoningLength}
          source={{ ...source, field: "reasoning" }}
          messageIndex={message.index}
          highlights={highlightsIn(own, { part: "reasoning" })}
        />
      ) : null}
      {message.content ? (
        <TruncatedText
          text={message.content}
          fullLength={message.contentLength}
          source={{ ...source, field: "content" }}
          render={(t) =>
            isMarkdown && !hasTextHighlights(own) ? (
              <div data-text-root={message.index}>
                <SafeMarkdown text={t} />
              </div>
            ) : (
              plainRoot(t)
            )
          }
        />
      ) : null}
      <MessageParts parts={message.parts} />
      {message.toolCalls.map((call, position) => (
        <ToolCallCard
          // biome-ignore lint/suspicious/noArrayIndexKey: call ids may repeat within a message; order is fixed.
          key={`${position}-${call.id}`}
          rolloutId={rolloutId}
          call={call}
          result={pairing.resultByCall.get(callKey(message.index, call.id))}
          isResultPending={isLoadingAround}
          messageIndex={message.index}
          highlights={highlights}
        />
      ))}
      {message.error ? (
        <div role="note" className="rounded-md border border-danger/50 bg-danger/5 px-3 py-2">
          <p className="mb-1 text-[11px] font-medium uppercase tracking-wide text-danger">Error</p>
          <PlainText text={message.error} className="text-danger" />
        </div>
      ) : null}
    </div>
  );
}

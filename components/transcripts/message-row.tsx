"use client";

import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import type { ToolPairing } from "@/lib/rollouts/pair-tool-calls";
import { messageAnchor } from "@/lib/rollouts/transcript-text";
import { cn } from "@/lib/utils";
import type { HighlightMap } from "./highlight-segments";
import { MessageBody } from "./message-body";
import { MessageSourceFields } from "./message-source-fields";

const ROLE_LABEL = { system: "System", user: "User", assistant: "Assistant", tool: "Tool" } as const;
const ROLE_TONE = { system: "neutral", user: "accent", assistant: "success", tool: "warning" } as const;
const ROLE_EDGE = {
  system: "border-l-fg-muted/40",
  user: "border-l-accent",
  assistant: "border-l-success",
  tool: "border-l-warning",
} as const;

type Props = {
  rolloutId: string;
  index: number;
  message: TranscriptMessage | undefined;
  pairing: ToolPairing;
  isCurrent: boolean;
  isMatch: boolean;
  isMarkdown: boolean;
  isLoadingAround: boolean;
  highlights?: HighlightMap;
  /** Controls a page adds to the message header (e.g. "mark this tool call"). */
  actions?: ReactNode;
};

/** One message of the transcript, anchored at `#m-{index}`; a placeholder until its window loads. */
export function MessageRow({
  rolloutId,
  index,
  message,
  pairing,
  isCurrent,
  isMatch,
  isMarkdown,
  isLoadingAround,
  highlights,
  actions,
}: Props) {
  const hasError = Boolean(message?.error);
  // A role the studio mapped differently (a tool result the source sent as a user turn) is shown.
  const original = message?.metadata?.role;
  const sourceRole = typeof original === "string" && original !== message?.role ? original : null;
  return (
    <article
      id={messageAnchor(index)}
      data-message-index={index}
      data-state={message ? "loaded" : "loading"}
      aria-label={`Message ${index}${message ? `, ${message.role}` : ""}`}
      aria-current={isCurrent ? "true" : undefined}
      className={cn(
        "rounded-lg border border-l-4 bg-surface px-4 py-3 shadow-xs",
        hasError ? "border-danger/60 bg-danger/[0.03]" : "border-border",
        message ? ROLE_EDGE[message.role] : "border-l-border",
        isCurrent && "ring-2 ring-accent ring-offset-2 ring-offset-canvas",
      )}
    >
      <header className="mb-2 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <a
          href={`#${messageAnchor(index)}`}
          className="font-mono tabular-nums hover:text-accent"
          title="Link to this message"
        >
          #{index}
        </a>
        {message ? <Badge tone={ROLE_TONE[message.role]}>{ROLE_LABEL[message.role]}</Badge> : null}
        {sourceRole ? (
          <span title={`The source file gives this message the role "${sourceRole}"`}>
            sent as <span className="font-mono">{sourceRole}</span>
          </span>
        ) : null}
        {message?.role === "tool" && message.toolName ? (
          <span className="font-mono">{message.toolName}</span>
        ) : null}
        {message?.model ? <span>{message.model}</span> : null}
        {hasError ? <Badge tone="danger">error</Badge> : null}
        {isMatch ? <Badge tone="accent">match</Badge> : null}
        {message?.tokens?.total || message?.tokens?.output ? (
          <span className="ml-auto tabular-nums">
            {(message.tokens.total ?? message.tokens.output ?? 0).toLocaleString("en-US")} tokens
          </span>
        ) : null}
        {actions ? <span className="ml-auto flex flex-wrap items-center gap-1">{actions}</span> : null}
      </header>
      {message ? (
        <>
          <MessageBody
            rolloutId={rolloutId}
            message={message}
            pairing={pairing}
            isMarkdown={isMarkdown}
            isLoadingAround={isLoadingAround}
            highlights={highlights}
          />
          <MessageSourceFields metadata={message.metadata} />
        </>
      ) : (
        <div aria-hidden="true" className="flex flex-col gap-2">
          <div className="h-3 w-2/3 animate-pulse rounded bg-surface-muted" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-surface-muted" />
        </div>
      )}
    </article>
  );
}

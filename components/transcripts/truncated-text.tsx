"use client";

import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { rolloutKeys } from "@/lib/rollouts/query-keys";
import { truncateText } from "@/lib/rollouts/transcript-text";
import { fetchFullMessage } from "./transcript-api";

export type FullTextSource = { rolloutId: string; index: number; field: "content" | "reasoning" };

/**
 * Long text cut for display with a "Show all" button. When the server already cut it (window
 * `maxChars`), "Show all" fetches the whole message first.
 */
export function TruncatedText({
  text,
  fullLength,
  source,
  maxChars = 3_000,
  maxLines = 30,
  render,
}: {
  text: string;
  fullLength: number;
  source?: FullTextSource;
  maxChars?: number;
  maxLines?: number;
  render: (text: string) => ReactNode;
}) {
  const [isExpanded, setIsExpanded] = useState(false);
  const isCutByServer = fullLength > text.length && source !== undefined;
  const full = useQuery({
    queryKey: source ? rolloutKeys.message(source.rolloutId, source.index) : ["none"],
    queryFn: () => fetchFullMessage(source!.rolloutId, source!.index),
    enabled: isExpanded && isCutByServer,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (isExpanded) {
    const loaded = full.data
      ? source?.field === "reasoning"
        ? full.data.reasoning
        : full.data.content
      : null;
    const shown = isCutByServer ? (loaded ?? text) : text;
    return (
      <div className="flex flex-col gap-1">
        <div className="max-h-[70vh] overflow-auto">{render(shown)}</div>
        {isCutByServer && full.isPending ? (
          <p className="text-xs text-fg-muted">Loading the full text…</p>
        ) : null}
        {full.error ? <p className="text-xs text-danger">{full.error.message}</p> : null}
        <ToggleButton onClick={() => setIsExpanded(false)}>Show less</ToggleButton>
      </div>
    );
  }
  const cut = truncateText(text, { maxChars, maxLines });
  const hidden = cut.hiddenChars + Math.max(0, fullLength - text.length);
  if (hidden === 0) return <>{render(text)}</>;
  return (
    <div className="flex flex-col gap-1">
      {render(cut.text)}
      <ToggleButton onClick={() => setIsExpanded(true)}>
        Show all ({hidden.toLocaleString("en-US")} more characters)
      </ToggleButton>
    </div>
  );
}

function ToggleButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="self-start text-xs font-medium text-accent hover:underline"
    >
      {children}
    </button>
  );
}

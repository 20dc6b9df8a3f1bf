"use client";

import { useQueries } from "@tanstack/react-query";
import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { pairToolCalls, type ToolPairing } from "@/lib/rollouts/pair-tool-calls";
import { rolloutKeys, TRANSCRIPT_WINDOW_SIZE as WINDOW_SIZE } from "@/lib/rollouts/query-keys";
import { fetchMessageWindow } from "./transcript-api";

export type TranscriptWindow = {
  getMessage: (index: number) => TranscriptMessage | undefined;
  pairing: ToolPairing;
  error: Error | null;
};

/** Window starts covering [first, last], plus one window on each side (tool results sit near calls). */
export function listWindowStarts(first: number, last: number, messageCount: number): number[] {
  if (messageCount === 0) return [];
  const from = Math.max(0, Math.floor(first / WINDOW_SIZE) - 1);
  const to = Math.min(Math.floor((messageCount - 1) / WINDOW_SIZE), Math.floor(last / WINDOW_SIZE) + 1);
  const starts: number[] = [];
  for (let w = from; w <= to; w += 1) starts.push(w * WINDOW_SIZE);
  return starts;
}

/**
 * The messages around the visible range, fetched as cached windows of WINDOW_SIZE. Windows scrolled
 * away stop being observed and are garbage-collected by TanStack Query, so memory stays flat.
 */
export function useTranscriptWindow({
  rolloutId,
  messageCount,
  first,
  last,
}: {
  rolloutId: string;
  messageCount: number;
  first: number;
  last: number;
}): TranscriptWindow {
  const starts = listWindowStarts(first, last, messageCount);
  const results = useQueries({
    queries: starts.map((start) => ({
      queryKey: rolloutKeys.window(rolloutId, start, WINDOW_SIZE),
      queryFn: () => fetchMessageWindow(rolloutId, start),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 60_000,
    })),
  });
  // At most a few hundred messages: cheap enough to derive on every render (no memo to keep in sync).
  const byIndex = new Map<number, TranscriptMessage>();
  for (const result of results) for (const message of result.data ?? []) byIndex.set(message.index, message);
  return {
    getMessage: (index) => byIndex.get(index),
    pairing: pairToolCalls([...byIndex.values()]),
    error: results.find((r) => r.error)?.error ?? null,
  };
}

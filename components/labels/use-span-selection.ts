"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useEffectEvent, useState } from "react";
import { fetchFullMessage } from "@/components/transcripts/transcript-api";
import { rolloutKeys } from "@/lib/rollouts/query-keys";
import { locateQuote } from "./span-draft";

// Text selected in the transcript, as offsets into the message's text. The viewer marks where its
// text maps to messages.text with data-text-root (data-text-exact when shown as is): exact offsets
// come from the DOM; in rendered markdown the selected words are found in the message's text.

export type PendingSelection = { message: number; start: number; end: number; quote: string };

const MAX_QUOTE = 200_000;

function closestRoot(node: Node | null): HTMLElement | null {
  const element = node instanceof HTMLElement ? node : (node?.parentElement ?? null);
  return element?.closest<HTMLElement>("[data-text-root]") ?? null;
}

function offsetIn(root: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** Listens for selections ending (mouse up, shift+arrow key up) inside `containerRef`. */
export function useSpanSelection(rolloutId: string, containerRef: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingSelection | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function handleSelectionEnd() {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    const root = closestRoot(range.startContainer);
    if (!root || root !== closestRoot(range.endContainer)) {
      if (root || closestRoot(range.endContainer)) setProblem("Select text within one message.");
      return;
    }
    const message = Number(root.dataset.textRoot);
    const quote = range.toString();
    if (!quote.trim() || quote.length > MAX_QUOTE) return;
    const start = offsetIn(root, range.startContainer, range.startOffset);
    if (root.dataset.textExact === "true") {
      setProblem(null);
      setPending({ message, start, end: start + quote.length, quote });
      return;
    }
    const full = await queryClient.fetchQuery({
      queryKey: rolloutKeys.message(rolloutId, message),
      queryFn: () => fetchFullMessage(rolloutId, message),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const found = full ? locateQuote(full.content, quote, start) : null;
    if (!found) {
      setProblem(
        "That selection crosses markdown formatting. Switch the transcript to Plain text and select again.",
      );
      return;
    }
    setProblem(null);
    setPending({ message, ...found, quote });
  }

  const handleGesture = useEffectEvent((event: Event) => {
    if (event instanceof KeyboardEvent && !event.shiftKey) return;
    void handleSelectionEnd();
  });
  useEffect(() => {
    const container = containerRef.current;
    container?.addEventListener("mouseup", handleGesture);
    container?.addEventListener("keyup", handleGesture);
    return () => {
      container?.removeEventListener("mouseup", handleGesture);
      container?.removeEventListener("keyup", handleGesture);
    };
  }, [containerRef]);

  return {
    pending,
    problem,
    clear: () => {
      setPending(null);
      setProblem(null);
    },
  };
}

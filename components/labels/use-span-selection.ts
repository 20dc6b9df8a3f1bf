"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useEffectEvent, useRef, useState } from "react";
import { fetchFullMessage } from "@/components/transcripts/transcript-api";
import { rolloutKeys } from "@/lib/rollouts/query-keys";
import type { SpanPart } from "@/lib/values/review-values";
import { locateQuote } from "./span-draft";

// Text selected in the transcript, as offsets into the message's text. The viewer marks where its
// text maps to messages.text with data-text-root (data-text-exact when shown as is): exact offsets
// come from the DOM; in rendered markdown the selected words are found in the message's text.

export type PendingSelection = {
  message: number;
  start: number;
  end: number;
  quote: string;
  /** What the offsets count in: the message's text, its reasoning, or a tool call argument's string. */
  part: SpanPart;
  toolCallId: string | null;
  argumentPath: string | null;
};

/** Where a text root's offsets count (data-text-part, with the call id and JSON pointer for arguments). */
function partOf(root: HTMLElement): Pick<PendingSelection, "part" | "toolCallId" | "argumentPath"> | null {
  const part = root.dataset.textPart ?? "content";
  if (part === "content" || part === "reasoning") return { part, toolCallId: null, argumentPath: null };
  if (part === "argument" && root.dataset.toolCallId && root.dataset.argumentPath !== undefined)
    return { part, toolCallId: root.dataset.toolCallId, argumentPath: root.dataset.argumentPath };
  return null;
}

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

/** Why a selection outside every text root can't become a text span, or null when it isn't text a reviewer marks. */
function describeUnmarkable(node: Node | null): string | null {
  const element = node instanceof HTMLElement ? node : (node?.parentElement ?? null);
  const part = element?.closest<HTMLElement>("[data-span-part]")?.dataset.spanPart;
  if (part === "error")
    return "A tool error can't be marked as a text span yet: use “Mark result” on the step.";
  return null;
}

/** Listens for selections ending (mouse up, shift+arrow key up) inside `containerRef`. */
export function useSpanSelection(rolloutId: string, containerRef: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingSelection | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // Every selection gesture replaces what was selected before: the panel shows the selection on
  // screen now or nothing, never an earlier one ("Add span" must save what the reviewer sees).
  const latest = useRef(0);
  async function handleSelectionEnd() {
    const gesture = ++latest.current;
    const replace = (next: PendingSelection | null, why: string | null) => {
      if (gesture !== latest.current) return;
      setPending(next);
      setProblem(why);
    };
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return replace(null, null);
    const range = selection.getRangeAt(0);
    const root = closestRoot(range.startContainer);
    if (!root || root !== closestRoot(range.endContainer)) {
      if (root || closestRoot(range.endContainer)) return replace(null, "Select text within one message.");
      return replace(null, describeUnmarkable(range.startContainer));
    }
    const message = Number(root.dataset.textRoot);
    const where = partOf(root);
    const quote = range.toString();
    if (!where || !quote.trim() || quote.length > MAX_QUOTE) return replace(null, null);
    const start = offsetIn(root, range.startContainer, range.startOffset);
    if (root.dataset.textExact === "true")
      return replace({ message, start, end: start + quote.length, quote, ...where }, null);
    const full = await queryClient.fetchQuery({
      queryKey: rolloutKeys.message(rolloutId, message),
      queryFn: () => fetchFullMessage(rolloutId, message),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const found = full ? locateQuote(full.content, quote, start) : null;
    if (!found)
      return replace(
        null,
        "That selection crosses markdown formatting. Switch the transcript to Plain text and select again.",
      );
    replace({ message, ...found, quote, ...where }, null);
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

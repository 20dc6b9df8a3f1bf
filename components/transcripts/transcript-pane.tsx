"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { rolloutKeys } from "@/lib/rollouts/query-keys";
import { messageAnchor, parseMessageAnchor } from "@/lib/rollouts/transcript-text";
import { cn } from "@/lib/utils";
import { FindBar } from "./find-bar";
import { findHighlights, findMarkId } from "./find-highlights";
import { groupHighlights, type TextHighlight } from "./highlight-segments";
import { MessageRow } from "./message-row";
import { fetchMatches } from "./transcript-api";
import { useFillViewport } from "./use-fill-viewport";
import { type ScrollAlign, useScrollToMessage } from "./use-scroll-to-message";
import { useTranscriptKeys } from "./use-transcript-keys";
import { useTranscriptWindow } from "./use-transcript-window";

/** Row height guess; capped so the list stays under browsers' ~16M px element height limit. */
function estimateRowHeight(count: number): number {
  return Math.max(24, Math.min(120, Math.floor(16_000_000 / Math.max(1, count))));
}

type Props = {
  rolloutId: string;
  messageCount: number;
  /** j/k, / and g/G drive this pane (one pane per page should have it). */
  hasKeyboard?: boolean;
  /** Follow and update the `#m-{index}` hash of the page. */
  hasAnchors?: boolean;
  className?: string;
  /** Ranges, tool calls and tool results to highlight (span labels); see highlight-segments.ts. */
  highlights?: readonly TextHighlight[];
  /** Controls to put in a loaded message's header. */
  renderMessageActions?: (message: TranscriptMessage) => ReactNode;
};

/**
 * A virtualized transcript: only the rows in view (plus overscan) are in the DOM, and only the
 * windows of messages around them are fetched, so a 300,000-message rollout opens at once.
 */
export function TranscriptPane({
  rolloutId,
  messageCount,
  hasKeyboard = true,
  hasAnchors = true,
  className,
  highlights,
  renderMessageActions,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const findRef = useRef<HTMLInputElement>(null);
  useFillViewport(scrollRef);
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(0);
  const [isMarkdown, setIsMarkdown] = useState(true);
  const [findQuery, setFindQuery] = useState("");
  const virtualizer = useVirtualizer({
    count: messageCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight(messageCount),
    overscan: 4,
    paddingStart: 4,
    paddingEnd: 16,
    initialRect: { width: 900, height: 900 },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const transcript = useTranscriptWindow({ rolloutId, messageCount, first, last });
  const scrollToMessage = useScrollToMessage(
    virtualizer,
    (index) => transcript.getMessage(index) !== undefined,
  );
  const matches = useQuery({
    queryKey: rolloutKeys.find(rolloutId, findQuery),
    queryFn: () => fetchMatches(rolloutId, findQuery),
    enabled: findQuery !== "",
  });
  const matchSet = new Set(matches.data?.indexes ?? []);
  // The match find stepped to is marked where it sits (text, reasoning, arguments, result), and
  // collapsed reasoning holding it opens.
  const currentMessage = transcript.getMessage(current);
  const findMarks =
    findQuery && matchSet.has(current) && currentMessage ? findHighlights(currentMessage, findQuery) : [];
  const highlightMap = groupHighlights(findMarks.length ? [...(highlights ?? []), ...findMarks] : highlights);
  const hasFindMarks = findMarks.length > 0;
  useEffect(() => {
    if (!hasFindMarks) return;
    // After the row is scrolled into view and measured, bring the first mark itself into view.
    const timer = setTimeout(() => {
      scrollRef.current
        ?.querySelector(`mark[data-highlight~="${findMarkId(current)}"]`)
        ?.scrollIntoView({ block: "center" });
    }, 150);
    return () => clearTimeout(timer);
  }, [current, hasFindMarks]);
  const renderRowActions = (index: number) => {
    const message = renderMessageActions ? transcript.getMessage(index) : undefined;
    return message ? renderMessageActions?.(message) : null;
  };

  function goTo(index: number, align: ScrollAlign = "auto") {
    const target = Math.max(0, Math.min(messageCount - 1, index));
    setCurrent(target);
    scrollToMessage(target, align);
    if (hasAnchors) history.replaceState(null, "", `#${messageAnchor(target)}`);
  }

  function stepMatch(indexes: number[], direction: 1 | -1, from: number) {
    if (indexes.length === 0) return;
    const next =
      direction === 1
        ? (indexes.find((i) => i > from) ?? indexes[0])
        : (indexes.findLast((i) => i < from) ?? indexes[indexes.length - 1]);
    goTo(next, "start");
  }

  async function handleSearch(q: string) {
    if (q === findQuery && matches.data) return stepMatch(matches.data.indexes, 1, current);
    setFindQuery(q);
    const result = await queryClient.fetchQuery({
      queryKey: rolloutKeys.find(rolloutId, q),
      queryFn: () => fetchMatches(rolloutId, q),
    });
    stepMatch(result.indexes, 1, current - 1);
  }

  useTranscriptKeys({
    isEnabled: hasKeyboard,
    onMove: (delta) => goTo(current + delta),
    onEdge: (edge) => goTo(edge === "first" ? 0 : messageCount - 1, edge === "first" ? "start" : "end"),
    onFind: () => findRef.current?.focus(),
  });

  // Deep links: the hash is only known in the browser; follow it on load and when it changes.
  const followHash = useEffectEvent(() => {
    const index = hasAnchors ? parseMessageAnchor(location.hash, messageCount) : null;
    if (index === null) return;
    setCurrent(index);
    scrollToMessage(index, "start");
  });
  // A link to the hash the address already has fires no hashchange (the viewer itself writes the
  // hash: on load, j/k, First/Last), so a reader who scrolled away would follow it to nothing.
  const followSameHashLink = useEffectEvent((event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return;
    const url = new URL(link.href);
    const isSamePage =
      url.origin === location.origin && url.pathname === location.pathname && url.search === location.search;
    if (isSamePage && url.hash === location.hash) {
      followHash();
    }
  });
  useEffect(() => {
    followHash();
    addEventListener("hashchange", followHash);
    document.addEventListener("click", followSameHashLink);
    return () => {
      removeEventListener("hashchange", followHash);
      document.removeEventListener("click", followSameHashLink);
    };
  }, []);

  return (
    <div className={cn("flex min-w-0 flex-col gap-3", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <FindBar
          inputRef={findRef}
          matches={matches.data?.indexes}
          isTruncated={matches.data?.isTruncated ?? false}
          isSearching={matches.isFetching}
          error={matches.error?.message ?? null}
          currentIndex={current}
          onSearch={handleSearch}
          onStep={(direction) => stepMatch(matches.data?.indexes ?? [], direction, current)}
          onClear={() => setFindQuery("")}
        />
        <div className="flex items-center gap-1">
          <Button size="sm" variant="ghost" onClick={() => goTo(0, "start")}>
            First
          </Button>
          <Button size="sm" variant="ghost" onClick={() => goTo(messageCount - 1, "end")}>
            Last
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={!isMarkdown}
            onClick={() => setIsMarkdown(!isMarkdown)}
          >
            {isMarkdown ? "Plain text" : "Markdown"}
          </Button>
        </div>
      </div>
      {transcript.error ? (
        <p role="alert" className="text-sm text-danger">
          Could not load messages: {transcript.error.message}
        </p>
      ) : null}
      <section
        ref={scrollRef}
        data-testid="transcript-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        aria-label={`Transcript, ${messageCount.toLocaleString("en-US")} messages`}
        className="h-[calc(100dvh-13rem)] min-h-[420px] overflow-y-auto overscroll-contain rounded-lg px-1 [overflow-anchor:none]"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          <div
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
          >
            {items.map((item) => (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="pb-3 pr-2"
              >
                <MessageRow
                  rolloutId={rolloutId}
                  index={item.index}
                  message={transcript.getMessage(item.index)}
                  pairing={transcript.pairing}
                  isCurrent={item.index === current}
                  isMatch={matchSet.has(item.index)}
                  isMarkdown={isMarkdown}
                  isLoadingAround={
                    transcript.getMessage(Math.min(messageCount - 1, item.index + 1)) === undefined
                  }
                  highlights={highlightMap}
                  actions={renderRowActions(item.index)}
                />
              </div>
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}

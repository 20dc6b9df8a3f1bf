"use client";

import type { FormEvent, RefObject } from "react";
import { Button } from "@/components/ui/button";

type Props = {
  inputRef: RefObject<HTMLInputElement | null>;
  matches: number[] | undefined;
  isTruncated: boolean;
  isSearching: boolean;
  error: string | null;
  currentIndex: number;
  onSearch: (q: string) => void;
  onStep: (direction: 1 | -1) => void;
  onClear: () => void;
};

/** Find in transcript: a server-side search, then next/previous through the matching messages. */
export function FindBar({
  inputRef,
  matches,
  isTruncated,
  isSearching,
  error,
  currentIndex,
  onSearch,
  onStep,
  onClear,
}: Props) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("find") ?? "").trim();
    if (q) onSearch(q);
  }
  const position = matches ? matches.indexOf(currentIndex) : -1;
  let status = "";
  if (isSearching) status = "Searching…";
  else if (error) status = error;
  else if (matches?.length === 0) status = "No matches";
  else if (matches) {
    const total = `${matches.length.toLocaleString("en-US")}${isTruncated ? "+" : ""}`;
    status = position >= 0 ? `${position + 1} of ${total}` : `${total} matches`;
  }
  return (
    <form aria-label="Transcript search" onSubmit={handleSubmit} className="flex min-w-0 items-center gap-2">
      <input
        ref={inputRef}
        name="find"
        type="search"
        placeholder="Find in transcript  ( / )"
        aria-label="Find in transcript"
        className="h-8 w-40 min-w-0 rounded-md sm:w-60 border border-border bg-surface px-3 text-sm text-fg placeholder:text-fg-muted/70 focus-visible:border-accent"
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            onClear();
            event.currentTarget.blur();
          }
          if (event.key === "Enter" && event.shiftKey && matches?.length) {
            event.preventDefault();
            onStep(-1);
          }
        }}
      />
      <span className="min-w-16 text-xs tabular-nums text-fg-muted sm:min-w-24" aria-live="polite">
        {status}
      </span>
      <Button
        size="sm"
        variant="ghost"
        aria-label="Previous match"
        disabled={!matches?.length}
        onClick={() => onStep(-1)}
      >
        ↑
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label="Next match"
        disabled={!matches?.length}
        onClick={() => onStep(1)}
      >
        ↓
      </Button>
    </form>
  );
}

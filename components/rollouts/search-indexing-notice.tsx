"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { formatCount } from "@/lib/rollouts/format";

const REFRESH_MS = 3_000;

/**
 * Shown with search results while imported rollouts still await the search indexer: says results
 * may grow, and refreshes the list until everything is searchable (then the server stops rendering it).
 */
export function SearchIndexingNotice({ pending }: { pending: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [router]);
  return (
    <p role="status" className="text-sm text-fg-muted" data-testid="search-indexing">
      Indexing {formatCount(pending)} recently imported {pending === 1 ? "rollout" : "rollouts"} for search;
      results may grow and refresh on their own.
    </p>
  );
}

/** Shown when a phrase of common words was checked in only some of the messages holding all its words. */
export function SearchPartialNotice({ checked, visited }: { checked: number; visited: number }) {
  return (
    <p role="status" className="text-sm text-fg-muted" data-testid="search-partial">
      This phrase&apos;s words are very common: only the {formatCount(checked)} shortest of the first{" "}
      {formatCount(visited)} messages holding all of them were checked, so some matches may be missing. Add a
      rarer word to search everything.
    </p>
  );
}

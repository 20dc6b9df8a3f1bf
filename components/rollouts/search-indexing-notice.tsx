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

"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { messageAnchor } from "@/lib/rollouts/transcript-text";
import { reviewFlag } from "@/lib/scanners/actions";
import { type FlagView, SEVERITY_TONE } from "@/lib/scanners/flag-view";
import { cn } from "@/lib/utils";
import type { FlagVerdict } from "@/lib/values/scanner-values";

/** One flag: what it found, a link to its evidence, and (for reviewers) confirm or reject. */
export function FlagCard({
  flag,
  isActive,
  canReview,
  onSelect,
}: {
  flag: FlagView;
  isActive: boolean;
  canReview: boolean;
  onSelect: () => void;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const latest = flag.reviews[0];
  const handleReview = (verdict: FlagVerdict) =>
    startTransition(async () => {
      setError(null);
      const result = await reviewFlag({ flagId: flag.id, verdict });
      if (!result.ok) setError(result.error.message);
      else router.refresh();
    });
  return (
    <li
      aria-label={`Flag ${flag.title}`}
      data-signature={flag.signature}
      className={cn(
        "rounded-md border border-border bg-surface p-3 text-sm",
        isActive && "ring-2 ring-accent",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={SEVERITY_TONE[flag.severity]}>{flag.severity}</Badge>
        <span className="font-medium text-fg" title={flag.description}>
          {flag.title}
        </span>
        <a
          href={`#${messageAnchor(flag.messageIndex)}`}
          onClick={onSelect}
          className="ml-auto text-xs text-accent hover:underline"
        >
          Evidence in message #{flag.messageIndex}
        </a>
      </div>
      <p className="mt-1 text-xs text-fg-muted">{flag.detail}</p>
      <pre className="mt-2 max-h-24 overflow-hidden whitespace-pre-wrap break-words rounded bg-surface-muted px-2 py-1 font-mono text-xs text-fg">
        {flag.evidence.excerpt}
      </pre>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
        {latest ? (
          <span className="text-fg-muted">
            {latest.verdict === "confirmed" ? "Confirmed" : "Rejected"} by {latest.reviewerName}
          </span>
        ) : (
          <span className="text-fg-muted">Not reviewed</span>
        )}
        {canReview ? (
          <span className="ml-auto flex gap-2">
            <Button size="sm" variant="danger" disabled={isPending} onClick={() => handleReview("confirmed")}>
              Confirm hack
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={isPending}
              onClick={() => handleReview("rejected")}
            >
              Reject flag
            </Button>
          </span>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}

"use client";

import { useState } from "react";
import { TranscriptPane } from "@/components/transcripts/transcript-pane";
import { type FlagView, toFlagHighlight } from "@/lib/scanners/flag-view";
import { FlagCard } from "./flag-card";

/**
 * The transcript with its scanner flags: each flag links to its evidence (the message scrolls into
 * view and the evidence span is highlighted); reviewers confirm or reject flags here.
 */
export function FlaggedTranscript({
  rolloutId,
  messageCount,
  flags,
  canReview,
}: {
  rolloutId: string;
  messageCount: number;
  flags: FlagView[];
  canReview: boolean;
}) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const highlights = flags.map((f) => toFlagHighlight(f, f.id === activeId));
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {flags.length > 0 ? (
        <section
          aria-label="Scanner flags"
          className="rounded-lg border border-danger/40 bg-danger/[0.03] p-3"
        >
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-fg-muted">
            Scanner flags ({flags.length}) · flags never change the reward or labels
          </h2>
          <ul className="flex flex-col gap-2">
            {flags.map((flag) => (
              <FlagCard
                key={flag.id}
                flag={flag}
                isActive={flag.id === activeId}
                canReview={canReview}
                onSelect={() => setActiveId(flag.id)}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {messageCount === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-fg-muted">
          This rollout has no messages.
        </p>
      ) : (
        <TranscriptPane rolloutId={rolloutId} messageCount={messageCount} highlights={highlights} />
      )}
    </div>
  );
}

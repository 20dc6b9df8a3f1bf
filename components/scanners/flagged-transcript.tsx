"use client";

import { useState } from "react";
import { TranscriptPane } from "@/components/transcripts/transcript-pane";
import { type FlagView, toFlagHighlight } from "@/lib/scanners/flag-view";
import type { LlmAnswerView } from "@/lib/scanners/llm/llm-queries";
import type { RolloutVerdictView } from "@/lib/scanners/queries";
import { FlagCard } from "./flag-card";
import { LlmAnswerList } from "./llm-answer-list";
import { VerdictBanner } from "./verdict-banner";

/**
 * The transcript with its scanner flags: each flag links to its evidence (the message scrolls into
 * view and the evidence span is highlighted); reviewers confirm or reject flags here. Beside them, the
 * LLM scanner's answers that raised no flag ("no hack", unevaluable).
 */
export function FlaggedTranscript({
  rolloutId,
  messageCount,
  flags,
  llmAnswers,
  verdict,
  canReview,
}: {
  rolloutId: string;
  messageCount: number;
  flags: FlagView[];
  /** The LLM scanner's "no hack" and unevaluable answers (its "hack" answers are flags). */
  llmAnswers: LlmAnswerView[];
  /** The rollout's one verdict (rules with the deployed LLM scanner); null when it has no flag and no answer. */
  verdict: RolloutVerdictView | null;
  canReview: boolean;
}) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const highlights = flags.map((f) => toFlagHighlight(f, f.id === activeId));
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {verdict ? <VerdictBanner verdict={verdict} /> : null}
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
      {llmAnswers.length > 0 ? <LlmAnswerList answers={llmAnswers} /> : null}
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

"use client";

import type { LabelRecord, SpanRecord } from "@/lib/labels/label-record";
import { LabelCard } from "./label-card";

/** Other reviewers' current labels (or the blind-review notice) and every earlier version. */
export function OtherLabels({
  others,
  hiddenCount,
  history,
  categoryNames,
  spanLinkBase,
  onSpanClick,
}: {
  others: LabelRecord[];
  hiddenCount: number;
  history: LabelRecord[];
  categoryNames: ReadonlyMap<string, string>;
  spanLinkBase: string;
  onSpanClick: (span: SpanRecord) => void;
}) {
  return (
    <>
      <section aria-label="Other labels" className="flex flex-col gap-2 border-t border-border pt-4">
        <h2 className="text-base font-semibold">Other reviewers</h2>
        {hiddenCount > 0 ? (
          <p className="rounded-md bg-surface-muted p-2 text-sm text-fg-muted" data-testid="blind-notice">
            Blind review: {hiddenCount} other {hiddenCount === 1 ? "label is" : "labels are"} hidden until you
            submit yours.
          </p>
        ) : null}
        {others.length === 0 && hiddenCount === 0 ? (
          <p className="text-sm text-fg-muted">No other labels yet.</p>
        ) : null}
        {others.map((label) => (
          <LabelCard
            key={label.id}
            label={label}
            categoryNames={categoryNames}
            spanLinkBase={spanLinkBase}
            onSpanClick={onSpanClick}
          />
        ))}
      </section>
      {history.length > 0 ? (
        <details className="border-t border-border pt-4 text-sm">
          <summary className="cursor-pointer text-fg-muted hover:text-fg">
            {history.length} earlier {history.length === 1 ? "version" : "versions"}
          </summary>
          <div className="mt-2 flex flex-col gap-2">
            {[...history].reverse().map((label) => (
              <LabelCard
                key={label.id}
                label={label}
                categoryNames={categoryNames}
                spanLinkBase={spanLinkBase}
              />
            ))}
          </div>
        </details>
      ) : null}
    </>
  );
}

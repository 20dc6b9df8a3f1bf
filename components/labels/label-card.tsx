import { buildSpanHref, type LabelRecord, type SpanRecord } from "@/lib/labels/label-record";
import { formatDateTime } from "@/lib/rollouts/format";
import { describeSpan } from "./span-draft";
import { VerdictBadge } from "./verdict-badge";

/**
 * One label, read-only: reviewer, time, version, verdict, categories, rationale, scores and spans,
 * each span with its own link. `onSpanClick` keeps span clicks on the page (the review view).
 */
export function LabelCard({
  label,
  categoryNames,
  spanLinkBase,
  onSpanClick,
}: {
  label: LabelRecord;
  categoryNames: ReadonlyMap<string, string>;
  spanLinkBase: string;
  onSpanClick?: (span: SpanRecord) => void;
}) {
  const scores = Object.entries(label.criterionScores);
  return (
    <article
      aria-label={`Label by ${label.reviewer.name}`}
      className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <VerdictBadge verdict={label.verdict} />
        <span className="text-xs text-fg-muted">
          {label.reviewer.name} · v{label.version} · {formatDateTime(label.createdAt)}
        </span>
      </header>
      {label.categories.length > 0 ? (
        <ul className="flex flex-wrap gap-1 text-xs">
          {label.categories.map((key) => (
            <li key={key} className="rounded-full bg-surface-muted px-2 py-0.5">
              {categoryNames.get(key) ?? key}
            </li>
          ))}
        </ul>
      ) : null}
      {label.confidence ? <p className="text-xs text-fg-muted">Confidence {label.confidence}/5</p> : null}
      {label.rationale ? <p className="whitespace-pre-wrap break-words">{label.rationale}</p> : null}
      {scores.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
          {scores.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-fg-muted">{key}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {label.spans.length > 0 ? (
        <ul className="flex flex-col gap-1 text-xs">
          {label.spans.map((span) => (
            <li key={span.id}>
              <a
                href={buildSpanHref(spanLinkBase, span)}
                onClick={
                  onSpanClick
                    ? (event) => {
                        event.preventDefault();
                        onSpanClick(span);
                      }
                    : undefined
                }
                className="text-accent underline underline-offset-2"
              >
                {describeSpan(span)}
              </a>
              {span.category ? ` · ${categoryNames.get(span.category) ?? span.category}` : ""}
              {span.comment ? ` · ${span.comment}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

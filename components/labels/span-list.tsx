"use client";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { TaxonomyNode } from "@/lib/labels/taxonomy-tree";
import { cn } from "@/lib/utils";
import { type DraftSpan, describeSpan } from "./span-draft";
import type { PendingSelection } from "./use-span-selection";

type Props = {
  spans: readonly DraftSpan[];
  taxonomy: readonly TaxonomyNode[];
  pending: PendingSelection | null;
  problem: string | null;
  activeKey: string | null;
  isEditable: boolean;
  /** The link of a saved span (its own URL), or null while it is a draft. */
  getHref: (span: DraftSpan) => string | null;
  onAddPending: () => void;
  onCancelPending: () => void;
  onChange: (key: string, patch: Partial<Pick<DraftSpan, "category" | "comment">>) => void;
  onRemove: (key: string) => void;
  onFocus: (span: DraftSpan) => void;
};

const clip = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The label's spans: each with its category, comment and link, plus the text selected right now. */
export function SpanList({
  spans,
  taxonomy,
  pending,
  problem,
  activeKey,
  isEditable,
  getHref,
  onAddPending,
  onCancelPending,
  onChange,
  onRemove,
  onFocus,
}: Props) {
  const options = taxonomy.filter((c) => !c.isRetired);
  return (
    <section aria-label="Spans" className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-fg">Spans</h3>
      {isEditable ? (
        <p className="text-xs text-fg-muted">
          Select text to mark it: in a message, its reasoning, or a tool call's arguments or result. “Mark
          call” / “Mark result” mark a whole tool step.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-xs text-danger">
          {problem}
        </p>
      ) : null}
      {pending && isEditable ? (
        <div
          className="rounded-md border border-accent/50 bg-accent/5 p-2 text-xs"
          data-testid="pending-span"
        >
          <p className="font-medium">Selected: {describeSpan({ ...pending, kind: "text" })}</p>
          <p className="mt-1 line-clamp-3 font-mono text-fg-muted">“{clip(pending.quote)}”</p>
          <div className="mt-2 flex gap-2">
            <Button size="sm" onClick={onAddPending}>
              Add span
            </Button>
            <Button size="sm" variant="ghost" onClick={onCancelPending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {spans.length === 0 ? <p className="text-xs text-fg-muted">No spans.</p> : null}
      <ol className="flex flex-col gap-2">
        {spans.map((span, i) => {
          const href = getHref(span);
          return (
            <li
              key={span.key}
              className={cn(
                "flex flex-col gap-1.5 rounded-md border border-border p-2 text-xs",
                activeKey === span.key && "ring-2 ring-accent",
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <a
                  href={href ?? `#m-${span.message}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onFocus(span);
                  }}
                  className="font-medium text-accent underline underline-offset-2"
                >
                  {describeSpan(span)}
                </a>
                {isEditable ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onRemove(span.key)}
                    aria-label={`Remove span ${i + 1}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </div>
              {span.quote ? (
                <p className="line-clamp-2 font-mono text-fg-muted">“{clip(span.quote)}”</p>
              ) : null}
              {isEditable ? (
                <div className="grid grid-cols-2 gap-1.5">
                  <Select
                    aria-label={`Span ${i + 1} category`}
                    value={span.category ?? ""}
                    onChange={(event) => onChange(span.key, { category: event.target.value || null })}
                    className="h-8 text-xs"
                  >
                    <option value="">No category</option>
                    {options.map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.name}
                      </option>
                    ))}
                  </Select>
                  <Input
                    aria-label={`Span ${i + 1} comment`}
                    value={span.comment}
                    placeholder="Comment"
                    onChange={(event) => onChange(span.key, { comment: event.target.value })}
                    className="h-8 text-xs"
                  />
                </div>
              ) : (
                <p>
                  {span.category
                    ? (taxonomy.find((c) => c.key === span.category)?.name ?? span.category)
                    : "No category"}
                  {span.comment ? ` · ${span.comment}` : ""}
                </p>
              )}
              {href ? (
                <button
                  type="button"
                  className="self-start text-[11px] text-fg-muted hover:text-accent"
                  onClick={() => navigator.clipboard?.writeText(new URL(href, location.href).toString())}
                >
                  Copy link
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import type { FailuresSection as FailuresData } from "@/lib/reports/failures";
import { BestModelGap } from "./best-model-gap";
import { FailureTable } from "./failure-table";

/** Failure analysis: verdicts and categories per model and per task, example spans, the best model's gap. */
export function FailuresSection({ failures }: { failures: FailuresData }) {
  return (
    <Section
      title="Failure analysis"
      description="Final labels with their taxonomy categories (the adjudicator's, else those of the reviewers who agree)."
    >
      {failures.bestModel ? <BestModelGap best={failures.bestModel} /> : null}
      {failures.labelled === 0 ? (
        <EmptyState title="No final labels yet" action={<Link href="/review">Open the review queues</Link>}>
          Failure modes and hack categories come from reviewers' labels. Label some of this environment's
          rollouts to see why models fail.
        </EmptyState>
      ) : (
        <>
          <FailureTable label="Model" rows={failures.byModel} />
          <FailureTable label="Task" rows={failures.byTask} />
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">Example spans</h3>
            {failures.examples.length === 0 ? (
              <p className="text-sm text-fg-muted">No reviewer marked a span with a category yet.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {failures.examples.map((example) => (
                  <li
                    key={`${example.rolloutId}-${example.messageIndex}-${example.category}`}
                    className="rounded-md border border-border p-3"
                  >
                    <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-fg-muted">
                      <span className="font-medium text-fg">{example.name}</span>
                      <span>{VERDICT_NAMES[example.verdict]}</span>
                      <span>
                        {example.task} · {example.model}
                      </span>
                      <Link
                        href={`/rollouts/${example.rolloutId}#m-${example.messageIndex}`}
                        className="text-accent hover:underline"
                      >
                        Message {example.messageIndex}
                      </Link>
                    </div>
                    {example.excerpt ? (
                      <blockquote className="mt-1 border-l-2 border-border pl-2 whitespace-pre-wrap">
                        {example.excerpt}
                      </blockquote>
                    ) : null}
                    {example.comment ? <p className="mt-1 text-fg-muted">{example.comment}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </Section>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { AdjudicationForm } from "@/components/labels/adjudication-form";
import { LabelCard } from "@/components/labels/label-card";
import { VerdictBadge } from "@/components/labels/verdict-badge";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { listFinalLabels } from "@/lib/labels/final-labels";
import { listRolloutLabels } from "@/lib/labels/queries";
import { listTaxonomy } from "@/lib/labels/taxonomy-queries";
import { toNotFound } from "@/lib/not-found";
import { listQueueDisagreements } from "@/lib/queues/disagreement-queries";
import { formatReward } from "@/lib/rollouts/format";
import { readSearchParams } from "@/lib/rollouts/schemas";

export const metadata: Metadata = { title: "Adjudicate" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function AdjudicatePage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/review/queues/[id]/adjudicate");
  const { id } = await params;
  const query = readSearchParams(await searchParams);
  const items = await listQueueDisagreements({ ctx, queueId: id }).catch(toNotFound);
  const taxonomy = await listTaxonomy({ ctx });
  const names = new Map(taxonomy.map((c) => [c.key, c.name]));
  const selected = query.rollout && /^[0-9a-f-]{36}$/i.test(query.rollout) ? query.rollout : null;
  const [labels, finals] = selected
    ? await Promise.all([
        listRolloutLabels({ ctx, rolloutId: selected }),
        listFinalLabels({ ctx, rolloutIds: [selected] }),
      ])
    : [null, null];
  const final = selected ? finals?.get(selected) : undefined;
  const base = `/review/queues/${id}/adjudicate`;
  return (
    <>
      <PageHeader
        title="Adjudicate"
        description="Where reviewers disagree, set the final label. Every reviewer's own label is kept."
        actions={
          <>
            <Link
              href={`/review/queues/${id}/agreement`}
              className={buttonVariants({ variant: "secondary" })}
            >
              Agreement
            </Link>
            <Link href={`/review/queues/${id}`} className={buttonVariants({ variant: "ghost" })}>
              ← Queue
            </Link>
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
        {items.length === 0 ? (
          <EmptyState title="No disagreements">Reviewers agree on every item labelled so far.</EmptyState>
        ) : (
          <div className="rounded-lg border border-border bg-surface">
            <Table aria-label="Disagreements">
              <thead>
                <tr>
                  <Th>Rollout</Th>
                  <Th>Reviewers said</Th>
                  <Th>Final</Th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.itemId} className={item.rolloutId === selected ? "bg-accent/5" : undefined}>
                    <Td>
                      <Link
                        href={`${base}?rollout=${item.rolloutId}`}
                        className="font-medium text-accent hover:underline"
                      >
                        {item.taskKey ?? item.rolloutId.slice(0, 8)}
                      </Link>
                      <span className="block text-xs text-fg-muted">
                        {item.model ?? "unknown model"} · reward {formatReward(item.reward)}
                      </span>
                    </Td>
                    <Td>
                      <ul className="flex flex-col gap-1 text-xs">
                        {item.votes.map((vote) => (
                          <li key={vote.reviewer} className="flex items-center gap-2">
                            <VerdictBadge verdict={vote.verdict} /> {vote.reviewer}
                          </li>
                        ))}
                      </ul>
                    </Td>
                    <Td>
                      {item.source === "adjudicated" && item.finalVerdict ? (
                        <VerdictBadge verdict={item.finalVerdict} />
                      ) : (
                        <Badge tone="warning">Disputed</Badge>
                      )}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
        {selected && labels ? (
          <Section title="Decide" description="All labels of this rollout, then the final label.">
            <Link href={`/review/rollouts/${selected}`} className="text-sm text-accent hover:underline">
              Read the transcript with every span →
            </Link>
            {final ? (
              <p className="text-sm">
                Now:{" "}
                {final.verdict ? (
                  <VerdictBadge verdict={final.verdict} />
                ) : (
                  <Badge tone="warning">Disputed</Badge>
                )}{" "}
                <span className="text-fg-muted">({final.source})</span>
              </p>
            ) : null}
            <div className="flex flex-col gap-2">
              {labels.labels
                .filter(
                  (l, _, all) => !all.some((o) => o.reviewerKey === l.reviewerKey && o.version > l.version),
                )
                .map((label) => (
                  <LabelCard
                    key={label.id}
                    label={label}
                    categoryNames={names}
                    spanLinkBase={`/review/rollouts/${selected}`}
                  />
                ))}
            </div>
            <AdjudicationForm key={selected} rolloutId={selected} queueId={id} taxonomy={taxonomy} />
          </Section>
        ) : null}
      </div>
    </>
  );
}

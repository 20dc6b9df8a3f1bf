import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { AgreementTables } from "@/components/queues/agreement-tables";
import { ConfusionTable } from "@/components/queues/confusion-table";
import { CriterionAgreementTable } from "@/components/queues/criterion-agreement-table";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import { listTaxonomy } from "@/lib/labels/taxonomy-queries";
import { toNotFound } from "@/lib/not-found";
import { buildPairConfusion } from "@/lib/queues/agreement";
import { getQueueAgreement } from "@/lib/queues/agreement-queries";
import { readSearchParams } from "@/lib/rollouts/schemas";

export const metadata: Metadata = { title: "Queue agreement" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function AgreementPage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/review/queues/[id]/agreement");
  const { id } = await params;
  const query = readSearchParams(await searchParams);
  const loaded = await getQueueAgreement({ ctx, queueId: id }).catch(toNotFound);
  const { queue, agreement, labels, taskKeys } = loaded;
  const taxonomy = await listTaxonomy({ ctx });
  const categoryNames = new Map(taxonomy.map((c) => [c.key, c.name]));
  const base = `/review/queues/${queue.id}/agreement`;
  const pair =
    agreement.verdicts.pairs.find((p) => p.raterA === query.a && p.raterB === query.b) ??
    agreement.verdicts.pairs[0];
  const matrix = pair ? buildPairConfusion({ labels, raterA: pair.raterA, raterB: pair.raterB }) : null;
  const [actual, predicted] = (query.cell ?? "").split(",");
  const drill = matrix && actual && predicted ? (matrix.refs[actual]?.[predicted] ?? []) : [];
  return (
    <>
      <PageHeader
        title={`Agreement: ${queue.name}`}
        description="From each reviewer's current label per item. Kappa corrects agreement for chance; alpha works for any number of reviewers and missing labels."
        actions={
          <>
            <Link
              href={`/review/queues/${queue.id}/adjudicate`}
              className={buttonVariants({ variant: "secondary" })}
            >
              Adjudicate
            </Link>
            <Link href={`/review/queues/${queue.id}`} className={buttonVariants({ variant: "ghost" })}>
              ← Queue
            </Link>
            <a className={buttonVariants({ variant: "ghost" })} href={`/api/v1/queues/${queue.id}/agreement`}>
              JSON
            </a>
          </>
        }
      />
      {agreement.labelledItems === 0 ? (
        <EmptyState title="No labels yet">
          Agreement appears once reviewers have labelled items of this queue.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          <AgreementTables agreement={agreement} baseHref={base} categoryNames={categoryNames} />
          <Section
            title="Criterion scores, with the judges as raters"
            description="Per rubric criterion of each item: every LLM judge's newest version against each reviewer, and reviewers against each other. Judges score criteria, not verdicts, so they are compared here."
          >
            <CriterionAgreementTable agreement={agreement.criterionScores} />
          </Section>
          {pair && matrix ? (
            <Section
              title="Confusion matrix"
              description={`${pair.nameA} (rows) against ${pair.nameB} (columns).`}
            >
              <div id="confusion">
                <ConfusionTable
                  matrix={matrix}
                  nameA={pair.nameA}
                  nameB={pair.nameB}
                  selected={actual && predicted ? { actual, predicted } : null}
                  cellHref={(a, p) =>
                    `${base}?a=${encodeURIComponent(pair.raterA)}&b=${encodeURIComponent(pair.raterB)}&cell=${a},${p}#items`
                  }
                />
              </div>
              {drill.length > 0 ? (
                <div id="items" className="flex flex-col gap-1">
                  <h3 className="text-sm font-medium">
                    {pair.nameA}: {VERDICT_NAMES[actual as keyof typeof VERDICT_NAMES] ?? actual} ·{" "}
                    {pair.nameB}: {VERDICT_NAMES[predicted as keyof typeof VERDICT_NAMES] ?? predicted}
                  </h3>
                  <ul aria-label="Items in this cell" className="flex flex-col gap-1 text-sm">
                    {drill.map((rolloutId) => (
                      <li key={rolloutId}>
                        <Link
                          href={`/review/queues/${queue.id}/adjudicate?rollout=${rolloutId}`}
                          className="text-accent hover:underline"
                        >
                          {taskKeys.get(rolloutId) ?? rolloutId}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </Section>
          ) : null}
        </div>
      )}
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { ComparePicker } from "@/components/reports/compare-picker";
import { ComparisonView } from "@/components/reports/comparison-view";
import { EmptyState } from "@/components/ui/empty-state";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { toNotFound } from "@/lib/not-found";
import { compareModels, listEnvironmentModels } from "@/lib/reports/queries";
import { compareQueryInput } from "@/lib/reports/schemas";
import { readSearchParams } from "@/lib/rollouts/schemas";

export const metadata: Metadata = { title: "Compare models" };

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function CompareModelsPage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/compare");
  const { slug } = await params;
  const query = readSearchParams(await searchParams);
  const models = await listEnvironmentModels({ ctx, slug }).catch(toNotFound);
  const picked = compareQueryInput.safeParse({ a: query.a, b: query.b });
  const comparison = picked.success
    ? await compareModels({ ctx, slug, input: picked.data }).catch(toNotFound)
    : null;
  return (
    <>
      <PageHeader
        title="Compare two models"
        description="The tasks one model passes that the other does not, on the tasks both ran."
        actions={
          <Link
            href={`/environments/${encodeURIComponent(slug)}/report`}
            className="text-sm"
            data-print="hide"
          >
            Back to the report
          </Link>
        }
      />
      {models.length < 2 ? (
        <EmptyState title="Fewer than two models">
          This environment has scored rollouts of {models.length === 1 ? "one model" : "no model"} so far.
          Import rollouts of another model, linked to the same tasks, to compare.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          <ComparePicker slug={slug} models={models} a={picked.data?.a} b={picked.data?.b} />
          {comparison ? (
            <ComparisonView comparison={comparison} />
          ) : (
            <p className="text-sm text-fg-muted">
              {query.a || query.b ? picked.error?.issues[0]?.message : "Pick two models to compare."}
            </p>
          )}
        </div>
      )}
    </>
  );
}

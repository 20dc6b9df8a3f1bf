import type { Metadata } from "next";
import Link from "next/link";
import { CorpusTable } from "@/components/labels/corpus-table";
import { PageHeader } from "@/components/layout/page-header";
import { Button, buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/select";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { CORPUS_LIMIT, listCorpus } from "@/lib/labels/corpus-queries";
import { corpusFilterInput } from "@/lib/labels/schemas";
import { listTaxonomy } from "@/lib/labels/taxonomy-queries";
import { can } from "@/lib/permissions/rules";
import { listRolloutFacets } from "@/lib/rollouts/queries";
import { readSearchParams } from "@/lib/rollouts/schemas";

export const metadata: Metadata = { title: "Reward-hack corpus" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CorpusPage({ searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/review/corpus");
  const raw = readSearchParams(await searchParams);
  const parsed = corpusFilterInput.safeParse(raw);
  const filter = parsed.success ? parsed.data : {};
  const [entries, taxonomy, facets] = await Promise.all([
    listCorpus({ ctx, input: filter }),
    listTaxonomy({ ctx }),
    listRolloutFacets({ ctx }),
  ]);
  const names = new Map(taxonomy.map((c) => [c.key, c.name]));
  const hackCategories = taxonomy.filter((c) => c.family === "reward-hack");
  return (
    <>
      <PageHeader
        title="Reward-hack corpus"
        description="Every rollout whose final label (adjudicated, or unanimous) is a reward hack, across environments."
        actions={
          <Link href="/review" className={buttonVariants({ variant: "ghost" })}>
            ← Review
          </Link>
        }
      />
      <form method="get" aria-label="Filter the corpus" className="mb-4 flex flex-wrap items-end gap-2">
        <Select name="environment" defaultValue={raw.environment ?? ""} aria-label="Environment">
          <option value="">Every environment</option>
          {facets.environments.map((e) => (
            <option key={e.slug} value={e.slug}>
              {e.name}
            </option>
          ))}
        </Select>
        <Select name="category" defaultValue={raw.category ?? ""} aria-label="Category">
          <option value="">Every category</option>
          {hackCategories.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </Select>
        <Select name="model" defaultValue={raw.model ?? ""} aria-label="Model">
          <option value="">Every model</option>
          {facets.models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </Select>
        <Select name="status" defaultValue={raw.status ?? ""} aria-label="Status">
          <option value="">Open and fixed</option>
          <option value="open">Open</option>
          <option value="fixed">Fixed</option>
        </Select>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </form>
      {entries.length === 0 ? (
        <EmptyState title="No reward hacks here">
          Rollouts join the corpus when their final label is a reward hack: every reviewer said so, or an
          adjudicator decided it.
        </EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-fg-muted" data-testid="corpus-count">
            {entries.length}
            {entries.length === CORPUS_LIMIT ? "+" : ""} reward {entries.length === 1 ? "hack" : "hacks"}
          </p>
          <div className="rounded-lg border border-border bg-surface">
            <CorpusTable
              entries={entries}
              categoryNames={names}
              canEditStatus={can(ctx.role, "review.adjudicate")}
            />
          </div>
        </>
      )}
    </>
  );
}

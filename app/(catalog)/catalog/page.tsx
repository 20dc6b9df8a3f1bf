import type { Metadata } from "next";
import { CatalogCard } from "@/components/catalog/catalog-card";
import { CatalogFilters } from "@/components/catalog/catalog-filters";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { catalogQueryInput } from "@/lib/catalog/cards";
import { listCatalog } from "@/lib/catalog/queries";
import { readSearchParams } from "@/lib/rollouts/schemas";

export const metadata: Metadata = { title: "Catalog" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CatalogPage({ searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/catalog");
  const query = catalogQueryInput.safeParse(readSearchParams(await searchParams)).data ?? {};
  const [all, cards] = await Promise.all([listCatalog({ ctx }), listCatalog({ ctx, input: query })]);
  const domains = [...new Set(all.map((c) => c.domain).filter(Boolean))].sort();
  return (
    <>
      <PageHeader
        title="Catalog"
        description="Published environments, with the evidence that their reward can be trusted."
      />
      {all.length === 0 ? (
        <EmptyState title="Nothing published yet">
          Environments appear here once their owner approves and publishes a version.
        </EmptyState>
      ) : (
        <>
          <CatalogFilters query={query} domains={domains} />
          <p className="mb-3 text-sm text-fg-muted" data-testid="catalog-count">
            {cards.length === 1 ? "1 environment" : `${cards.length} environments`}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {cards.map((card) => (
              <CatalogCard key={card.slug} card={card} />
            ))}
          </div>
        </>
      )}
    </>
  );
}

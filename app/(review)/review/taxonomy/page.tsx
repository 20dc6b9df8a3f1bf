import type { Metadata } from "next";
import Link from "next/link";
import { CategoryForm } from "@/components/labels/category-form";
import { FAMILY_NAMES } from "@/components/labels/category-picker";
import { RetireCategoryButton } from "@/components/labels/retire-category-button";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { listTaxonomy } from "@/lib/labels/taxonomy-queries";
import { orderTaxonomyTree } from "@/lib/labels/taxonomy-tree";
import { can } from "@/lib/permissions/rules";
import { TAXONOMY_FAMILIES } from "@/lib/values/review-values";

export const metadata: Metadata = { title: "Taxonomy" };

export default async function TaxonomyPage() {
  const { ctx } = await getWorkspacePageContext("/review/taxonomy");
  const taxonomy = await listTaxonomy({ ctx });
  const tree = orderTaxonomyTree(taxonomy);
  const canEdit = can(ctx.role, "taxonomy.manage");
  return (
    <>
      <PageHeader
        title="Taxonomy"
        description="The categories reviewers tag labels and spans with. Keys never change; retired categories stay on past labels."
        actions={
          <Link href="/review" className={buttonVariants({ variant: "ghost" })}>
            ← Review
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        {TAXONOMY_FAMILIES.map((family) => (
          <Section key={family} title={FAMILY_NAMES[family]}>
            <ul className="flex flex-col divide-y divide-border" aria-label={FAMILY_NAMES[family]}>
              {tree
                .filter((c) => c.family === family)
                .map((c) => (
                  <li
                    key={c.id}
                    className="flex flex-col gap-2 py-3"
                    style={{ paddingLeft: `${c.depth * 1.5}rem` }}
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{c.name}</span>
                      <code className="text-xs text-fg-muted">{c.key}</code>
                      {c.isRetired ? <Badge tone="warning">retired</Badge> : null}
                      {canEdit ? (
                        <span className="ml-auto">
                          <RetireCategoryButton id={c.id} name={c.name} isRetired={c.isRetired} />
                        </span>
                      ) : null}
                    </div>
                    {c.description ? <p className="text-sm text-fg-muted">{c.description}</p> : null}
                    {c.examples.length > 0 ? (
                      <ul className="list-disc pl-5 text-xs text-fg-muted">
                        {c.examples.map((example) => (
                          <li key={example}>{example}</li>
                        ))}
                      </ul>
                    ) : null}
                    {canEdit ? (
                      <details>
                        <summary className="cursor-pointer text-xs text-accent">Edit</summary>
                        <div className="mt-2">
                          <CategoryForm category={c} parents={taxonomy} />
                        </div>
                      </details>
                    ) : null}
                  </li>
                ))}
            </ul>
          </Section>
        ))}
        {canEdit ? (
          <Section title="Add a category">
            <CategoryForm parents={taxonomy} />
          </Section>
        ) : null}
      </div>
    </>
  );
}

import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { getWorkspacePageContext } from "@/lib/auth/current";

export const metadata: Metadata = { title: "Catalog" };

export default async function CatalogPage() {
  await getWorkspacePageContext("/catalog");
  return (
    <>
      <PageHeader
        title="Catalog"
        description="Published environments, with the evidence that their reward can be trusted."
      />
      <EmptyState title="Nothing published yet">
        Environments appear here once their owner approves and publishes a version.
      </EmptyState>
    </>
  );
}

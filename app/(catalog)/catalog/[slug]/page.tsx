import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DatasheetView } from "@/components/catalog/datasheet-view";
import { PageHeader } from "@/components/layout/page-header";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { getDatasheet } from "@/lib/catalog/queries";
import { isAppError } from "@/lib/errors";

export const metadata: Metadata = { title: "Datasheet" };

type Props = { params: Promise<{ slug: string }> };

export default async function DatasheetPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/catalog/[slug]");
  const { slug } = await params;
  const sheet = await getDatasheet({ ctx, slug }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
  const base = `/catalog/${encodeURIComponent(slug)}`;
  return (
    <>
      <PageHeader title={sheet.name} description={`Datasheet of version ${sheet.version}.`} />
      <DatasheetView sheet={sheet} samplePath={(id) => `${base}/samples/${id}`} />
    </>
  );
}

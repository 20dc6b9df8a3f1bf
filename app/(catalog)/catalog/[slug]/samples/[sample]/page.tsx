import type { Metadata } from "next";
import { SampleView } from "@/components/catalog/sample-view";
import { PageHeader } from "@/components/layout/page-header";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { getCatalogSample } from "@/lib/catalog/queries";
import { toNotFound } from "@/lib/not-found";

export const metadata: Metadata = { title: "Sample transcript" };

type Props = { params: Promise<{ slug: string; sample: string }> };

export default async function CatalogSamplePage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/catalog/[slug]/samples/[sample]");
  const { slug, sample: sampleId } = await params;
  const { name, sample } = await getCatalogSample({ ctx, slug, sampleId }).catch(toNotFound);
  return (
    <>
      <PageHeader
        title={`${sample.model ?? "Sample"} on ${name}`}
        description="A sample transcript chosen by the environment's authors."
      />
      <SampleView
        sample={sample}
        backHref={`/catalog/${encodeURIComponent(slug)}`}
        backLabel="Back to the datasheet"
      />
    </>
  );
}

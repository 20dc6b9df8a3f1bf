import type { Metadata } from "next";
import { SampleView } from "@/components/catalog/sample-view";
import { PageHeader } from "@/components/layout/page-header";
import { getPublicSample } from "@/lib/catalog/queries";
import { toNotFound } from "@/lib/not-found";

export const metadata: Metadata = { title: "Sample transcript", robots: { index: false } };

type Props = { params: Promise<{ token: string; sample: string }> };

export default async function PublicSamplePage({ params }: Props) {
  const { token, sample: sampleId } = await params;
  const { name, sample } = await getPublicSample({ token, sampleId }).catch(toNotFound);
  return (
    <>
      <PageHeader title={`${sample.model ?? "Sample"} on ${name}`} />
      <SampleView
        sample={sample}
        backHref={`/public/datasheets/${encodeURIComponent(token)}`}
        backLabel="Back to the datasheet"
      />
    </>
  );
}

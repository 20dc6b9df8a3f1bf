import type { Metadata } from "next";
import { DatasheetView } from "@/components/catalog/datasheet-view";
import { PageHeader } from "@/components/layout/page-header";
import { getPublicDatasheet } from "@/lib/catalog/queries";
import { toNotFound } from "@/lib/not-found";

export const metadata: Metadata = { title: "Datasheet", robots: { index: false } };

type Props = { params: Promise<{ token: string }> };

/** Public by rule: the token is the permission (checked, and refused once revoked). */
export default async function PublicDatasheetPage({ params }: Props) {
  const { token } = await params;
  const sheet = await getPublicDatasheet({ token }).catch(toNotFound);
  return (
    <>
      <PageHeader title={sheet.name} description={`Datasheet of version ${sheet.version}.`} />
      <DatasheetView
        sheet={sheet}
        samplePath={(id) => `/public/datasheets/${encodeURIComponent(token)}/samples/${id}`}
      />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { DatasheetView } from "@/components/catalog/datasheet-view";
import { PageHeader } from "@/components/layout/page-header";
import { buttonVariants } from "@/components/ui/button";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { getDatasheet } from "@/lib/catalog/queries";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";

export const metadata: Metadata = { title: "Datasheet" };

type Props = { params: Promise<{ slug: string }> };

export default async function DatasheetPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/catalog/[slug]");
  const { slug } = await params;
  const sheet = await getDatasheet({ ctx, slug }).catch(toNotFound);
  const base = `/catalog/${encodeURIComponent(slug)}`;
  return (
    <>
      <PageHeader
        title={sheet.name}
        description={`Datasheet of version ${sheet.version}.`}
        actions={
          // Staff reach the environment behind the datasheet: its versions, samples and public link.
          can(ctx.role, "environments.read") ? (
            <Link
              href={`/environments/${encodeURIComponent(slug)}/versions`}
              className={buttonVariants({ variant: "secondary" })}
            >
              Versions and samples
            </Link>
          ) : null
        }
      />
      <DatasheetView sheet={sheet} samplePath={(id) => `${base}/samples/${id}`} />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LazyDiffViewer } from "@/components/editor/lazy-diff-viewer";
import { PageHeader } from "@/components/layout/page-header";
import { Section } from "@/components/ui/section";
import { VersionDiffSummary } from "@/components/versions/version-diff-summary";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { toNotFound } from "@/lib/not-found";
import { readSearchParams } from "@/lib/rollouts/schemas";
import { getVersionDiff } from "@/lib/versions/queries";
import { versionNumber } from "@/lib/versions/schemas";

export const metadata: Metadata = { title: "Compare versions" };

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function CompareVersionsPage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/versions/compare");
  const { slug } = await params;
  const query = readSearchParams(await searchParams);
  const a = versionNumber.safeParse(query.a);
  const b =
    query.b === "draft"
      ? { success: true as const, data: "draft" as const }
      : versionNumber.safeParse(query.b);
  if (!a.success || !b.success) notFound();
  const diff = await getVersionDiff({ ctx, slug, a: a.data, b: b.data }).catch(toNotFound);
  return (
    <>
      <PageHeader
        title={`${diff.a} → ${diff.b}`}
        description={
          diff.includesHidden
            ? "What changed, task by task, and the full snapshot side by side (file bytes, transcripts and the report shortened)."
            : "What changed, task by task. Answer keys, solutions, check expectations and test scripts are hidden from your role."
        }
        actions={
          <Link
            className="text-sm text-accent hover:underline"
            href={`/environments/${encodeURIComponent(slug)}/versions`}
          >
            Back to the versions
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <Section title="Summary">
          <VersionDiffSummary summary={diff.summary} />
        </Section>
        <Section title="Snapshot">
          <LazyDiffViewer original={diff.before} modified={diff.after} height={640} />
        </Section>
      </div>
    </>
  );
}

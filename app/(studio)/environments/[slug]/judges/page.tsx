import type { Metadata } from "next";
import Link from "next/link";
import { CreateJudgeForm } from "@/components/judges/create-judge-form";
import { SeededBadge } from "@/components/judges/seeded-badge";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { getEnvironmentOverview } from "@/lib/environments/queries";
import { listJudges } from "@/lib/judges/queries";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";
import { listProviders } from "@/lib/providers/queries";

export const metadata: Metadata = { title: "Judges" };

type Props = { params: Promise<{ slug: string }> };

export default async function JudgesPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/judges");
  const { slug } = await params;
  const environment = await getEnvironmentOverview({ ctx, slug }).catch(toNotFound);
  const judges = await listJudges({ ctx, environmentSlug: slug });
  const canWrite = can(ctx.role, "judges.write");
  const providers = canWrite ? await listProviders({ ctx }) : [];
  const base = `/environments/${slug}`;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-fg-muted">
        <Link href="/environments" className="hover:underline">
          Environments
        </Link>{" "}
        /{" "}
        <Link href={base} className="font-mono hover:underline">
          {slug}
        </Link>{" "}
        / judges
      </nav>
      <PageHeader
        title={`${environment.name}: judges`}
        description="LLM judges grade rollouts against the rubric criteria. Each version is frozen with a fingerprint, goes live only after it agrees with expert labels on held-out rollouts, and never overwrites a human's label."
      />
      <div className="flex flex-col gap-6">
        <Section title="Judges">
          {judges.length === 0 ? (
            <p className="text-sm text-fg-muted">No judge yet.</p>
          ) : (
            <Table aria-label="Judges">
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Providers</Th>
                  <Th>Latest version</Th>
                  <Th>Deployed</Th>
                </tr>
              </thead>
              <tbody>
                {judges.map((j) => {
                  const latest = j.versions[0];
                  const deployed = j.versions.find((v) => v.status === "deployed");
                  return (
                    <tr key={j.id}>
                      <Td>
                        <Link
                          className="font-medium text-accent hover:underline"
                          href={`${base}/judges/${j.id}`}
                        >
                          {j.name}
                        </Link>
                      </Td>
                      <Td>{[j.provider, ...j.panel].join(", ")}</Td>
                      <Td>{latest ? `v${latest.version} (${latest.status})` : "–"}</Td>
                      <Td>
                        {deployed ? (
                          <span className="inline-flex flex-wrap items-center gap-1">
                            <Badge tone="success">v{deployed.version}</Badge>
                            <SeededBadge note={deployed.seeded} />
                          </span>
                        ) : (
                          "–"
                        )}
                      </Td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
        </Section>
        {canWrite ? (
          <Section
            title="New judge"
            description="Pick the provider (or a panel), the criteria and the instructions."
          >
            <CreateJudgeForm
              environment={slug}
              providers={providers.map((p) => ({ name: p.name, model: p.model }))}
            />
          </Section>
        ) : null}
      </div>
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { JudgeEvidenceView } from "@/components/judges/judge-evidence-view";
import { PageHeader } from "@/components/layout/page-header";
import { EnvironmentReport } from "@/components/reports/environment-report";
import { PrintButton } from "@/components/reports/print-button";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { Select } from "@/components/ui/select";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { getEnvironmentJudgeEvidence } from "@/lib/judges/judge-evidence";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";
import { getEnvironmentReport } from "@/lib/reports/queries";
import { DEFAULT_GAP_K, reportQueryInput } from "@/lib/reports/schemas";
import { formatDateTime } from "@/lib/rollouts/format";
import { readSearchParams } from "@/lib/rollouts/schemas";

export const metadata: Metadata = { title: "Environment report" };

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const K_CHOICES = [2, 4, 8, 16, 32, 64];

export default async function EnvironmentReportPage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/report");
  const { slug } = await params;
  const query = readSearchParams(await searchParams);
  const { k } = reportQueryInput.safeParse({ k: query.k }).data ?? { k: DEFAULT_GAP_K };
  const page = Math.max(1, Number.parseInt(query.page ?? "1", 10) || 1);
  const report = await getEnvironmentReport({ ctx, slug, input: { k } }).catch(toNotFound);
  const judgeEvidence = await getEnvironmentJudgeEvidence({ ctx, slug });
  const base = `/environments/${encodeURIComponent(slug)}/report`;
  return (
    <>
      <PageHeader
        title={`${report.environment.name}: report`}
        description={`Difficulty, reward robustness, failures and scaling of ${report.environment.slug}. Generated ${formatDateTime(report.generatedAt)}.`}
        actions={
          <>
            <form method="get" action={base} className="flex items-center gap-2" data-print="hide">
              <label htmlFor="report-k" className="text-sm text-fg-muted">
                Gap at k
              </label>
              <Select id="report-k" name="k" defaultValue={String(k)}>
                {[...new Set([...K_CHOICES, k])]
                  .sort((a, b) => a - b)
                  .map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
              </Select>
              <Button type="submit" variant="secondary" size="sm">
                Apply
              </Button>
            </form>
            <Link
              href={`/api/v1/environments/${encodeURIComponent(slug)}/report?k=${k}`}
              className="text-sm"
              data-print="hide"
            >
              JSON
            </Link>
            <PrintButton />
          </>
        }
      />
      <EnvironmentReport
        report={report}
        page={page}
        hrefForPage={(target) => `${base}?k=${k}&page=${target}`}
        canConfigure={can(ctx.role, "reports.configure")}
        canDraft={can(ctx.role, "environments.write")}
      />
      <div className="mt-6">
        <Section
          title="LLM judge calibration"
          description="The deployed judge's agreement with experts' criterion scores on the held-out set; a judge that has not cleared the bar is not evidence."
        >
          <JudgeEvidenceView evidence={judgeEvidence} />
        </Section>
      </div>
    </>
  );
}

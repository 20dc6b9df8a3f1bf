import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RefreshWhileRunning } from "@/components/jobs/refresh-while-running";
import { CalibrationBarForm } from "@/components/judges/calibration-bar-form";
import { CalibrationReportView } from "@/components/judges/calibration-report";
import { JudgeJobsTable } from "@/components/judges/judge-jobs-table";
import { JudgeRunButtons } from "@/components/judges/judge-run-buttons";
import { JudgeVersionsTable } from "@/components/judges/judge-versions-table";
import { TryJudgePanel } from "@/components/judges/try-judge-panel";
import { PageHeader } from "@/components/layout/page-header";
import { Section } from "@/components/ui/section";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { setCalibrationBar } from "@/lib/judges/actions";
import { getJudgeCalibration } from "@/lib/judges/calibration-view";
import { getJudge, listJudgedTasks, listJudgeJobs } from "@/lib/judges/queries";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";

export const metadata: Metadata = { title: "Judge" };

type Props = {
  params: Promise<{ slug: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function JudgePage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/judges/[id]");
  const { slug, id } = await params;
  const versionParam = Number((await searchParams).version);
  const judge = await getJudge({ ctx, judgeId: id }).catch(toNotFound);
  if (judge.environment !== slug) notFound();
  const [calibration, jobs] = await Promise.all([
    getJudgeCalibration({
      ctx,
      judgeId: id,
      version: Number.isInteger(versionParam) && versionParam > 0 ? versionParam : undefined,
    }).catch(toNotFound),
    listJudgeJobs({ ctx, judgeId: id }),
  ]);
  const canWrite = can(ctx.role, "judges.write");
  const base = `/environments/${slug}`;
  const isRunning = jobs.some((j) => j.status === "queued" || j.status === "running");
  const tasks = calibration ? await listJudgedTasks({ ctx, versionId: calibration.versionId }) : [];
  return (
    <>
      <RefreshWhileRunning isRunning={isRunning} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-fg-muted">
        <Link href={base} className="font-mono hover:underline">
          {slug}
        </Link>{" "}
        /{" "}
        <Link href={`${base}/judges`} className="hover:underline">
          judges
        </Link>{" "}
        / {judge.name}
      </nav>
      <PageHeader
        title={`Judge ${judge.name}`}
        description={`${[judge.provider, ...judge.panel].join(" + ")} · criteria: ${judge.criteria === "all" ? "all" : judge.criteria.join(", ")} · temperature ${judge.temperature} · max ${judge.maxTokens} tokens`}
      />
      <div className="flex flex-col gap-6">
        {canWrite ? (
          <Section
            title="Run"
            description="Calibrating judges the rollouts experts have scored (in the background) and measures agreement; judging all rollouts stores a judgment per criterion. A changed rubric first freezes a new draft version."
          >
            <JudgeRunButtons judgeId={judge.id} />
          </Section>
        ) : null}
        <Section
          title="Jobs"
          description="Progress, tokens and cost so far; cancelling keeps what was judged."
        >
          <JudgeJobsTable jobs={jobs} canCancel={can(ctx.role, "jobs.manage")} />
        </Section>
        <Section
          title="Versions"
          description="Immutable: rubric + providers and models + sampling + instructions, with a fingerprint."
        >
          <JudgeVersionsTable
            base={`${base}/judges/${judge.id}`}
            versions={judge.versions}
            canDeploy={canWrite}
          />
        </Section>
        {calibration ? (
          <Section
            title={`Calibration of version ${calibration.version}`}
            description={`Against the experts' final criterion scores, split into a development and a held-out set by a stable hash of each rollout. ${calibration.unjudgedRollouts} expert-scored rollouts are not judged by this version yet.`}
          >
            <CalibrationReportView report={calibration.report} seeded={calibration.seeded} />
          </Section>
        ) : null}
        {can(ctx.role, "judges.set-bar") ? (
          <Section
            title="Calibration bar"
            description="Only a version that clears it on the held-out set can be deployed."
          >
            <CalibrationBarForm
              action={setCalibrationBar}
              target={{ name: "judgeId", value: judge.id }}
              bar={judge.bar}
            />
          </Section>
        ) : null}
        {canWrite ? (
          <Section
            title="Try the judge"
            description="One judgment, stored nowhere: the prompt sent, the raw answer, the parsed result, tokens and cost."
          >
            <TryJudgePanel judges={[{ id: judge.id, name: judge.name }]} tasks={tasks} />
          </Section>
        ) : null}
      </div>
    </>
  );
}

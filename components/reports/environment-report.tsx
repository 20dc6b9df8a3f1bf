import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import type { EnvironmentReport as ReportData } from "@/lib/reports/queries";
import { ComparePicker } from "./compare-picker";
import { DifficultySection } from "./difficulty-section";
import { FailuresSection } from "./failures-section";
import { HackRateSection } from "./hack-rate-section";
import { ReportSummary } from "./report-summary";
import { RobustnessSection } from "./robustness-section";
import { ScalingSection } from "./scaling-section";

/** Every section of the environment report on one page, in the order a buyer asks its questions. */
export function EnvironmentReport({
  report,
  page,
  hrefForPage,
  canConfigure,
  canDraft = false,
}: {
  report: ReportData;
  page: number;
  hrefForPage: (page: number) => string;
  canConfigure: boolean;
  /** Authors get links from a saturated or no-signal band to drafting a variant. */
  canDraft?: boolean;
}) {
  const { slug } = report.environment;
  const hasRollouts = report.difficulty.items.length > 0;
  const models = report.difficulty.models.map((m) => ({ model: m.model, rollouts: m.n, tasks: m.tasks }));
  return (
    <div className="flex flex-col gap-6 [print-color-adjust:exact] print:gap-4">
      <ReportSummary report={report} />
      {hasRollouts ? (
        <>
          <DifficultySection
            difficulty={report.difficulty}
            k={report.k}
            passRule={report.passRule}
            page={page}
            hrefForPage={hrefForPage}
            draftHref={
              canDraft
                ? (task, goal) =>
                    `/environments/${slug}/drafts?variantOf=${encodeURIComponent(task)}&goal=${goal}`
                : undefined
            }
          />
          <RobustnessSection robustness={report.robustness} />
          <HackRateSection hackRate={report.hackRate} slug={slug} />
          <FailuresSection failures={report.failures} />
        </>
      ) : (
        <EmptyState
          title={report.counts.tasks === 0 ? "No tasks yet" : "No scored rollouts on these tasks yet"}
          action={
            <Link href={`/rollouts/import?environment=${encodeURIComponent(slug)}`} data-print="hide">
              Import rollouts
            </Link>
          }
        >
          {report.counts.tasks === 0
            ? "Author the environment's tasks, then import rollouts and link them to tasks: a rollout links to the task whose key it names."
            : "Import rollouts and link them to tasks (choose this environment when importing; each rollout names its task key). Difficulty, robustness and failures appear once rollouts have rewards."}
        </EmptyState>
      )}
      <ScalingSection environment={slug} scaling={report.scaling} canConfigure={canConfigure} />
      {models.length >= 2 ? (
        <div data-print="hide">
          <Section
            title="Compare two models"
            description="Which tasks one model passes that the other does not, on the tasks both ran."
          >
            <ComparePicker slug={slug} models={models} />
          </Section>
        </div>
      ) : null}
    </div>
  );
}

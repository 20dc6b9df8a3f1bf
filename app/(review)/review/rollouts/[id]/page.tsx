import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { JudgeVerdicts } from "@/components/judges/judge-verdicts";
import { LabelWorkbench } from "@/components/labels/label-workbench";
import { PageHeader } from "@/components/layout/page-header";
import { buttonVariants } from "@/components/ui/button";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { listRolloutJudgments } from "@/lib/judges/queries";
import { loadReviewItem } from "@/lib/labels/review-item";
import { toNotFound } from "@/lib/not-found";
import { getQueryClient } from "@/lib/query-client";
import { formatReward } from "@/lib/rollouts/format";
import { rolloutKeys, TRANSCRIPT_WINDOW_SIZE } from "@/lib/rollouts/query-keys";
import { readSearchParams } from "@/lib/rollouts/schemas";

export const metadata: Metadata = { title: "Review rollout" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Any rollout, labelled outside a queue; span links of every label point here. */
export default async function ReviewRolloutPage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/review/rollouts/[id]");
  const { id } = await params;
  const query = readSearchParams(await searchParams);
  const review = await loadReviewItem({ ctx, rolloutId: id, isBlind: false }).catch(toNotFound);
  const { rollout } = review;
  const judgments = await listRolloutJudgments({ ctx, rolloutId: rollout.id });
  const mine = review.labels.find((l) => l.reviewerKey === review.myReviewerKey);
  const queryClient = getQueryClient();
  queryClient.setQueryData(rolloutKeys.window(rollout.id, 0, TRANSCRIPT_WINDOW_SIZE), review.firstWindow);
  return (
    <>
      <PageHeader
        title={rollout.taskKey ?? rollout.externalId ?? `Rollout ${rollout.id.slice(0, 8)}`}
        description={[
          rollout.model ?? "unknown model",
          rollout.environmentName,
          `reward ${formatReward(rollout.reward)}`,
        ]
          .filter(Boolean)
          .join(" · ")}
        actions={
          <Link href={`/rollouts/${rollout.id}`} className={buttonVariants({ variant: "ghost" })}>
            Open rollout
          </Link>
        }
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <LabelWorkbench
          key={rollout.id}
          rolloutId={rollout.id}
          messageCount={rollout.messageCount}
          taxonomy={review.taxonomy}
          criteria={review.criteria}
          labels={review.labels}
          hiddenCount={review.hiddenCount}
          myReviewerKey={review.myReviewerKey}
          isEditable={review.myReviewerKey !== null}
          spanLinkBase={`/review/rollouts/${rollout.id}`}
          activeSpanId={query.span ?? null}
        />
      </HydrationBoundary>
      <JudgeVerdicts judgments={judgments} myScores={mine?.criterionScores ?? null} />
    </>
  );
}

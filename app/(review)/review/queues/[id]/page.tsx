import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { LabelWorkbench } from "@/components/labels/label-workbench";
import { PageHeader } from "@/components/layout/page-header";
import { QueueAdminActions } from "@/components/queues/queue-admin-actions";
import { QueueProgress } from "@/components/queues/queue-progress";
import { TakeItemForm } from "@/components/queues/take-item-form";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import type { Ctx } from "@/lib/auth/context";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { loadReviewItem } from "@/lib/labels/review-item";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";
import { getQueryClient } from "@/lib/query-client";
import {
  getQueue,
  getQueueItem,
  listMyQueueItems,
  listQueueProgress,
  type QueueDetail,
} from "@/lib/queues/queries";
import { SAMPLING_NAMES } from "@/lib/queues/schemas";
import { formatDateTime, formatReward } from "@/lib/rollouts/format";
import { rolloutKeys, TRANSCRIPT_WINDOW_SIZE } from "@/lib/rollouts/query-keys";
import { readSearchParams } from "@/lib/rollouts/schemas";

export const metadata: Metadata = { title: "Review queue" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function QueuePage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/review/queues/[id]");
  const { id } = await params;
  const query = readSearchParams(await searchParams);
  const queue = await getQueue({ ctx, queueId: id }).catch(toNotFound);
  if (query.item)
    return <QueueItem ctx={ctx} queue={queue} itemId={query.item} activeSpanId={query.span ?? null} />;
  const progress = await listQueueProgress({ ctx, queueId: queue.id });
  const canAdjudicate = can(ctx.role, "review.adjudicate");
  return (
    <>
      <PageHeader
        title={queue.name}
        description={queue.description || undefined}
        actions={
          <>
            {canAdjudicate ? (
              <>
                <Link
                  href={`/review/queues/${queue.id}/adjudicate`}
                  className={buttonVariants({ variant: "secondary" })}
                >
                  Adjudicate
                </Link>
                <Link
                  href={`/review/queues/${queue.id}/agreement`}
                  className={buttonVariants({ variant: "secondary" })}
                >
                  Agreement
                </Link>
              </>
            ) : null}
            <Link href="/review" className={buttonVariants({ variant: "ghost" })}>
              ← All queues
            </Link>
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
          <Badge>{SAMPLING_NAMES[queue.sampling]}</Badge>
          <Badge>{queue.overlap} reviewer(s) per item</Badge>
          {queue.isBlind ? <Badge tone="accent">Blind</Badge> : null}
          <span>
            {queue.doneCount} of {queue.itemCount} items done · {queue.labelCount} of{" "}
            {queue.itemCount * queue.overlap} labels · you labelled {queue.myDoneCount}
          </span>
        </div>
        {query.done ? (
          <p role="status" className="rounded-md border border-success/40 bg-success/10 p-3 text-sm">
            No items left for you in this queue.
          </p>
        ) : null}
        {queue.isReviewer && !queue.archivedAt ? (
          <TakeItemForm queueId={queue.id} label={queue.myDoneCount > 0 ? "Next item" : "Start reviewing"} />
        ) : (
          <p className="text-sm text-fg-muted">
            {queue.archivedAt ? "This queue is archived." : "You are not one of this queue's reviewers."}
          </p>
        )}
        <p className="text-xs text-fg-muted">
          Keys while reviewing: <kbd>1</kbd>–<kbd>6</kbd> verdict, <kbd>s</kbd> submit, <kbd>n</kbd> next
          item, <kbd>p</kbd> previous item, <kbd>j</kbd>/<kbd>k</kbd> move through messages.
        </p>
        <Section title="Progress" description="Labels per reviewer in this queue.">
          <QueueProgress progress={progress} itemCount={queue.itemCount} />
        </Section>
        {can(ctx.role, "queues.manage") && !queue.archivedAt ? (
          <QueueAdminActions queueId={queue.id} />
        ) : null}
      </div>
    </>
  );
}

async function QueueItem({
  ctx,
  queue,
  itemId,
  activeSpanId,
}: {
  ctx: Ctx;
  queue: QueueDetail;
  itemId: string;
  activeSpanId: string | null;
}) {
  const item = await getQueueItem({ ctx, queueId: queue.id, itemId }).catch(toNotFound);
  const [review, mine] = await Promise.all([
    loadReviewItem({ ctx, rolloutId: item.rolloutId, isBlind: queue.isBlind }),
    listMyQueueItems({ ctx, queueId: queue.id }),
  ]);
  const at = mine.findIndex((m) => m.itemId === item.itemId);
  const previous = at === -1 ? mine.at(-1) : mine[at - 1];
  const base = `/review/queues/${queue.id}?item=${item.itemId}`;
  const queryClient = getQueryClient();
  queryClient.setQueryData(rolloutKeys.window(item.rolloutId, 0, TRANSCRIPT_WINDOW_SIZE), review.firstWindow);
  const isEditable = item.myState !== "none" && queue.isReviewer;
  return (
    <>
      <PageHeader
        title={item.taskKey ?? `Rollout ${item.rolloutId.slice(0, 8)}`}
        description={[
          queue.name,
          item.model ?? "unknown model",
          item.environment,
          `reward ${formatReward(item.reward)}`,
        ]
          .filter(Boolean)
          .join(" · ")}
        actions={
          <>
            <Link href={`/rollouts/${item.rolloutId}`} className={buttonVariants({ variant: "ghost" })}>
              Open rollout
            </Link>
            <Link href={`/review/queues/${queue.id}`} className={buttonVariants({ variant: "ghost" })}>
              ← Queue
            </Link>
          </>
        }
      />
      {item.myState === "none" ? (
        <div className="mb-4 flex flex-col gap-2 rounded-md border border-border bg-surface p-3 text-sm">
          <p>You don't hold this item. Take it to label it (if it still has room).</p>
          {queue.isReviewer ? (
            <TakeItemForm queueId={queue.id} itemId={item.itemId} label="Take this item" />
          ) : null}
        </div>
      ) : item.myState === "reserved" && item.expiresAt ? (
        <p className="-mt-4 mb-4 text-xs text-fg-muted">
          Reserved for you until {formatDateTime(item.expiresAt)}.
        </p>
      ) : null}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <LabelWorkbench
          key={item.itemId}
          rolloutId={item.rolloutId}
          messageCount={item.messageCount}
          taxonomy={review.taxonomy}
          criteria={review.criteria}
          labels={review.labels}
          hiddenCount={review.hiddenCount}
          myReviewerKey={review.myReviewerKey}
          isEditable={isEditable}
          spanLinkBase={base}
          activeSpanId={activeSpanId}
          queue={{
            id: queue.id,
            itemId: item.itemId,
            previousHref: previous ? `/review/queues/${queue.id}?item=${previous.itemId}` : null,
          }}
        />
      </HydrationBoundary>
    </>
  );
}

import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { CompareColumn } from "@/components/transcripts/compare-column";
import { EmptyState } from "@/components/ui/empty-state";
import type { Ctx } from "@/lib/auth/context";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { toNotFound } from "@/lib/not-found";
import { getQueryClient } from "@/lib/query-client";
import { formatReward } from "@/lib/rollouts/format";
import { rolloutKeys, TRANSCRIPT_WINDOW_MAX_CHARS, TRANSCRIPT_WINDOW_SIZE } from "@/lib/rollouts/query-keys";
import { readSearchParams } from "@/lib/rollouts/schemas";
import { getRollout, listMessages, listSiblingRollouts } from "@/lib/rollouts/transcript-queries";

export const metadata: Metadata = { title: "Compare rollouts" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function loadSide(ctx: Ctx, id: string) {
  try {
    const rollout = await getRollout({ ctx, id });
    const input = { offset: 0, limit: TRANSCRIPT_WINDOW_SIZE, maxChars: TRANSCRIPT_WINDOW_MAX_CHARS };
    return { rollout, firstWindow: await listMessages({ ctx, rolloutId: id, input }) };
  } catch (error) {
    toNotFound(error);
  }
}

export default async function ComparePage({ searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/rollouts/compare");
  const { a, b } = readSearchParams(await searchParams);
  if (!a) notFound();
  const left = await loadSide(ctx, a);
  if (!b) {
    const siblings = await listSiblingRollouts({ ctx, rollout: left.rollout });
    return (
      <>
        <PageHeader
          title="Compare rollouts"
          description={`Pick a rollout of the same task to compare with ${left.rollout.model ?? "this one"}.`}
        />
        {siblings.length === 0 ? (
          <EmptyState title="Nothing to compare with">
            No other rollout in this workspace has the same task.
          </EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface">
            {siblings.map((s) => (
              <li key={s.id}>
                <Link
                  href={`/rollouts/compare?a=${a}&b=${s.id}`}
                  className="flex justify-between px-4 py-2 text-sm hover:bg-surface-muted"
                >
                  <span>{s.model ?? "unknown model"}</span>
                  <span className="tabular-nums text-fg-muted">reward {formatReward(s.reward)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }
  const right = await loadSide(ctx, b);
  const queryClient = getQueryClient();
  for (const side of [left, right]) {
    queryClient.setQueryData(
      rolloutKeys.window(side.rollout.id, 0, TRANSCRIPT_WINDOW_SIZE),
      side.firstWindow,
    );
  }
  const task = left.rollout.taskKey ?? right.rollout.taskKey;
  return (
    <>
      <PageHeader
        title="Compare rollouts"
        description={task ? `Task ${task}` : "Two rollouts side by side"}
        actions={
          <Link href={`/rollouts/compare?a=${b}&b=${a}`} className="text-sm text-accent hover:underline">
            Swap sides
          </Link>
        }
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <div className="grid gap-4 lg:grid-cols-2">
          <CompareColumn rollout={left.rollout} label="A" />
          <CompareColumn rollout={right.rollout} label="B" />
        </div>
      </HydrationBoundary>
    </>
  );
}

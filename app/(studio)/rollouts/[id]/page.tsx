import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { FlaggedTranscript } from "@/components/scanners/flagged-transcript";
import { SidePanel } from "@/components/transcripts/side-panel";
import { buttonVariants } from "@/components/ui/button";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";
import { listTasksFromRollout } from "@/lib/promotion/queries";
import { getQueryClient } from "@/lib/query-client";
import { formatReward } from "@/lib/rollouts/format";
import { rolloutKeys, TRANSCRIPT_WINDOW_MAX_CHARS, TRANSCRIPT_WINDOW_SIZE } from "@/lib/rollouts/query-keys";
import { isAboveFullMarks } from "@/lib/rollouts/reward-scale";
import { getRollout, listMessages, listSiblingRollouts } from "@/lib/rollouts/transcript-queries";
import type { FlagView } from "@/lib/scanners/flag-view";
import { listRolloutLlmAnswers } from "@/lib/scanners/llm/llm-queries";
import { getRolloutVerdict, listRolloutFlags } from "@/lib/scanners/queries";

export const metadata: Metadata = { title: "Rollout" };

type Props = { params: Promise<{ id: string }> };

async function loadRollout(ctx: Parameters<typeof getRollout>[0]["ctx"], id: string) {
  return getRollout({ ctx, id }).catch(toNotFound);
}

export default async function RolloutPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/rollouts/[id]");
  const { id } = await params;
  // The first window is rendered on the server and hydrated, so the transcript paints without a fetch.
  const windowInput = { offset: 0, limit: TRANSCRIPT_WINDOW_SIZE, maxChars: TRANSCRIPT_WINDOW_MAX_CHARS };
  const [rollout, firstWindow] = await Promise.all([
    loadRollout(ctx, id),
    listMessages({ ctx, rolloutId: id, input: windowInput }),
  ]);
  const [siblings, madeTasks, flags, llmAnswers, verdict] = await Promise.all([
    listSiblingRollouts({ ctx, rollout }),
    can(ctx.role, "environments.read") ? listTasksFromRollout({ ctx, rolloutId: rollout.id }) : [],
    listRolloutFlags({ ctx, rolloutId: rollout.id }),
    listRolloutLlmAnswers({ ctx, rolloutId: rollout.id }),
    getRolloutVerdict({ ctx, rolloutId: rollout.id }),
  ]);
  const flagViews: FlagView[] = flags.map(({ createdAt: _c, ...flag }) => ({
    ...flag,
    reviews: flag.reviews.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  }));
  const queryClient = getQueryClient();
  queryClient.setQueryData(rolloutKeys.window(id, 0, TRANSCRIPT_WINDOW_SIZE), firstWindow);
  const importedTitle = typeof rollout.metadata?.title === "string" ? rollout.metadata.title : null;
  const title = importedTitle ?? rollout.taskKey ?? rollout.externalId ?? `Rollout ${rollout.id.slice(0, 8)}`;
  return (
    <>
      <PageHeader
        title={title}
        description={[
          rollout.model ?? "unknown model",
          rollout.environmentName,
          `reward ${formatReward(rollout.reward)}${isAboveFullMarks(rollout.reward) ? " (above 1: see Outcome)" : ""}`,
        ]
          .filter(Boolean)
          .join(" · ")}
        actions={
          <>
            <Link href="/rollouts" className={buttonVariants({ variant: "ghost" })}>
              ← All rollouts
            </Link>
            {can(ctx.role, "review.work") ? (
              <Link
                href={`/review/rollouts/${rollout.id}`}
                className={buttonVariants({ variant: "secondary" })}
              >
                Label this rollout
              </Link>
            ) : null}
            {can(ctx.role, "environments.write") ? (
              <Link
                href={`/rollouts/${rollout.id}/promote`}
                className={buttonVariants({ variant: "secondary" })}
              >
                Make a task from this rollout
              </Link>
            ) : null}
          </>
        }
      />
      <p className="-mt-4 mb-4 text-xs text-fg-muted">
        Keys: <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> next/previous message,{" "}
        <kbd className="font-mono">g</kbd>/<kbd className="font-mono">G</kbd> first/last,{" "}
        <kbd className="font-mono">/</kbd> find. Link to a message with its{" "}
        <span className="font-mono">#number</span>.
      </p>
      {madeTasks.length ? (
        <p className="mb-4 text-sm">
          Tasks made from this rollout:{" "}
          {madeTasks.map((t, i) => (
            <span key={`${t.environment}/${t.key}`}>
              {i ? ", " : ""}
              <Link
                href={`/environments/${t.environment}/tasks/${encodeURIComponent(t.key)}`}
                className="underline"
              >
                {t.title}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <FlaggedTranscript
            rolloutId={rollout.id}
            messageCount={rollout.messageCount}
            flags={flagViews}
            llmAnswers={llmAnswers}
            verdict={flags.length > 0 || verdict.model ? verdict : null}
            canReview={can(ctx.role, "review.work")}
          />
          <SidePanel rollout={rollout} siblings={siblings} />
        </div>
      </HydrationBoundary>
    </>
  );
}

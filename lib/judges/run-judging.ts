import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { ProviderError } from "@/lib/providers/provider-error";
import type { ProviderConfig } from "@/lib/providers/types";
import { type JudgeRunOptions, judgePrepared, type PreparedRollout, prepareRollouts } from "./judge-rollout";
import type { LoadedVersion } from "./judge-versions";

// Judges many rollouts with one version: a pool of workers as wide as the smallest panel member's
// concurrency (twice that when a shared limiter bounds the requests), each taking the next rollout, from batches loaded ahead of the workers. A rollout whose provider call failed is counted and
// reported, the rest go on; cancelling (signal) stops taking new ones.

export type JudgingTotals = {
  judged: number;
  skipped: number;
  failed: number;
  unevaluable: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

export type JudgingProgress = JudgingTotals & { done: number; total: number };

export async function runJudging({
  ctx,
  version,
  providers,
  rolloutIds,
  options = {},
  concurrency,
  onItem,
}: {
  ctx: Ctx;
  version: LoadedVersion;
  providers: ProviderConfig[];
  rolloutIds: string[];
  options?: JudgeRunOptions;
  /** Default: the smallest panel member's concurrency. */
  concurrency?: number;
  /** After each rollout: its id, the error if it failed, and the running totals. */
  onItem?: (item: { rolloutId: string; error: string | null; totals: JudgingProgress }) => void;
}): Promise<JudgingTotals> {
  const totals: JudgingTotals = {
    judged: 0,
    skipped: 0,
    failed: 0,
    unevaluable: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
  };
  // With a shared limiter bounding each provider's requests, twice as many rollouts are in hand as
  // may be at the provider, so its slots stay full while the others load messages and store results.
  const providerWidth = Math.min(...providers.map((p) => p.concurrency));
  const width = Math.max(
    1,
    Math.min(rolloutIds.length, concurrency ?? (options.limitFor ? providerWidth * 2 : providerWidth)),
  );
  const batchSize = Math.max(64, width * 2);
  const ready: PreparedRollout[] = [];
  let cursor = 0;
  let loading: Promise<void> | null = null;
  const loadMore = () => {
    if (!loading && cursor < rolloutIds.length) {
      const batch = rolloutIds.slice(cursor, cursor + batchSize);
      cursor += batch.length;
      loading = prepareRollouts(ctx, version, batch).then((list) => {
        ready.push(...list);
        loading = null;
      });
    }
    return loading;
  };
  const take = async (): Promise<PreparedRollout | null> => {
    for (;;) {
      if (ready.length < width) loadMore();
      const item = ready.shift();
      if (item) return item;
      const pending = loading ?? loadMore();
      if (!pending) return null;
      await pending;
    }
  };
  let done = 0;
  const work = async () => {
    while (!options.signal?.aborted) {
      const prepared = await take();
      if (!prepared) return;
      const { rolloutId } = prepared;
      let error: string | null = null;
      try {
        const result = await judgePrepared({ ctx, version, providers, prepared, options });
        if (result.status === "judged") totals.judged += 1;
        else totals.skipped += 1;
        totals.unevaluable += result.unevaluable;
        totals.inputTokens += result.inputTokens;
        totals.outputTokens += result.outputTokens;
        totals.costUsd += result.costUsd;
      } catch (caught) {
        if (caught instanceof ProviderError && caught.kind === "aborted") return;
        if (!(caught instanceof ProviderError)) console.error("[judge]", caught);
        totals.failed += 1;
        error = caught instanceof ProviderError ? caught.message : "Unexpected error while judging (logged).";
      }
      done += 1;
      onItem?.({ rolloutId, error, totals: { ...totals, done, total: rolloutIds.length } });
    }
  };
  await Promise.all(Array.from({ length: width }, work));
  return totals;
}

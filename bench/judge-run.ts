// Child process of bench/judge.ts (DATABASE_URL points at the benchmark database): seeds an
// environment with N rollouts, then judges them all with one judge version against a stand-in
// provider with fixed latency, through the same pool and per-provider limiter the judge job uses.
import { randomUUID } from "node:crypto";
import { db } from "@/db/client";
import { messages, rollouts } from "@/db/schema";
import { createJudge } from "@/lib/judges/create-judge";
import { loadVersionProviders } from "@/lib/judges/judge-call";
import { limitedByProvider } from "@/lib/judges/judge-rollout";
import { ensureCurrentVersion } from "@/lib/judges/judge-versions";
import { runJudging } from "@/lib/judges/run-judging";
import { createJudgeFixture } from "@/lib/judges/testing/judge-fixture";
import { answerAsJudge } from "@/lib/judges/testing/judge-responder";
import { updateProvider } from "@/lib/providers/save-provider";
import { startStandInProvider } from "@/lib/providers/testing/stand-in-provider";

const [count, latencyMs, concurrency, useLimiter] = process.argv.slice(2).map(Number);
const standIn = await startStandInProvider({ latencyMs, responder: (request) => answerAsJudge(request) });
const fixture = await createJudgeFixture(standIn);
await updateProvider({
  ctx: fixture.owner.ctx,
  input: {
    ...fixture.provider,
    id: fixture.provider.id,
    concurrency,
    timeoutSeconds: 60,
    requestsPerMinute: null,
  },
});
const ids: string[] = [];
for (let start = 0; start < count; start += 1_000) {
  const batch = Array.from({ length: Math.min(1_000, count - start) }, (_, i) => ({
    id: randomUUID(),
    workspaceId: fixture.workspace.id,
    runId: fixture.run.id,
    environmentId: fixture.environment.id,
    taskKey: "answer",
    messageCount: 2,
    contentHash: randomUUID(),
    n: start + i,
  }));
  await db.insert(rollouts).values(batch.map(({ n: _n, ...row }) => row));
  await db.insert(messages).values(
    batch.flatMap((r) => [
      {
        rolloutId: r.id,
        workspaceId: r.workspaceId,
        index: 0,
        role: "user" as const,
        text: "What is six times seven? Show the working.",
      },
      {
        rolloutId: r.id,
        workspaceId: r.workspaceId,
        index: 1,
        role: "assistant" as const,
        text: `${r.n % 3 ? "It is 42" : "It is 41"}: ${"six sevens are forty-two. ".repeat(20)}`,
      },
    ]),
  );
  ids.push(...batch.map((r) => r.id));
}
const judge = await createJudge({
  ctx: fixture.author.ctx,
  environmentSlug: fixture.environment.slug,
  input: { name: "bench", provider: fixture.provider.name },
});
const version = await ensureCurrentVersion({ ctx: fixture.author.ctx, judgeId: judge.id });
const providers = await loadVersionProviders(fixture.author.ctx, version);

const rss: number[] = [];
const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 500);
const started = performance.now();
const totals = await runJudging({
  ctx: fixture.author.ctx,
  version,
  providers,
  rolloutIds: ids,
  options: {
    limitFor: useLimiter ? limitedByProvider() : undefined,
  },
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await standIn.close();
console.log(
  JSON.stringify({
    seconds,
    totals,
    requests: standIn.requests.length,
    maxInFlight: standIn.maxInFlight,
    rssStartMb: rss[0] / 1e6,
    rssPeakMb: Math.max(...rss) / 1e6,
    rssEndMb: rss[rss.length - 1] / 1e6,
  }),
);
process.exit(0);

import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db, type Tx } from "@/db/client";
import { runInteractive } from "@/db/interactive";
import { environments, runs } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { buildPassCondition } from "@/lib/reports/pass-rule";
import { isCountedSql } from "@/lib/scanners/verdict-sql";
import { runIdParam } from "./schemas";
import { selectToolCallMix } from "./tool-call-mix";

// Reads of a run's behaviour step by step (training steps, or checkpoints of an evaluation run):
// reward and its spread, pass rate overall and per task, give-up rate, length and tool-call mix.
// Any run works; an import's rollouts have no step and form one group (step null).

export type RunSummary = {
  id: string;
  kind: "import" | "live";
  name: string;
  status: "pending" | "running" | "completed" | "failed";
  metadata: Record<string, unknown>;
  environment: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

export type TaskStep = { task: string; rollouts: number; scored: number; passed: number };

export type RunStep = {
  step: number | null;
  rollouts: number;
  running: number;
  meanReward: number | null;
  rewardStdDev: number | null;
  rewardP25: number | null;
  rewardP75: number | null;
  passRate: number | null;
  /** Share of scanned rollouts flagged by the studio's verdict (lib/scanners/verdict-sql.ts: a medium or high flag the deployed LLM scanner did not dispute); null until a rollout is scanned. */
  flagRate: number | null;
  /** The flag rate's counts (its n is `scanned`), for its interval (lib/values/hack-rates.ts). */
  scanned: number;
  flagged: number;
  /** Scanner signature → share of the step's scanned rollouts it flagged (any severity). */
  flagRates: Record<string, number>;
  giveUpRate: number | null;
  meanMessages: number;
  meanToolCalls: number;
  toolCalls: Record<string, number>;
  tasks: TaskStep[];
};

export async function getRunSummary({ ctx, id }: { ctx: Ctx; id: string }): Promise<RunSummary> {
  assertCan(ctx, "rollouts.read");
  if (!runIdParam.safeParse(id).success) throw new AppError("not_found", "Run not found.");
  const [run] = await db
    .select({
      id: runs.id,
      kind: runs.kind,
      name: sql<string>`coalesce(${runs.name}, ${runs.source})`,
      status: runs.status,
      metadata: runs.metadata,
      environment: environments.slug,
      createdAt: runs.createdAt,
      finishedAt: runs.finishedAt,
    })
    .from(runs)
    .leftJoin(environments, eq(environments.id, runs.environmentId))
    .where(and(eq(runs.id, id), eq(runs.workspaceId, ctx.workspace.id)));
  if (!run) throw new AppError("not_found", "Run not found.");
  return run;
}

const toNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Per step of the run (ascending; rollouts without a step last). */
export async function listRunSteps({
  ctx,
  id,
  signal,
}: {
  ctx: Ctx;
  id: string;
  /** The request's: a client that gives up cancels the queries. */
  signal?: AbortSignal;
}): Promise<RunStep[]> {
  const run = await getRunSummary({ ctx, id });
  const rows = await runInteractive({ signal }, (tx) => readStepRows(tx, ctx.workspace.id, run.id));
  return toRunSteps(rows);
}

type StepRows = Awaited<ReturnType<typeof readStepRows>>;

/** The run's rows per step, per step and task, per step and tool, per step and flag signature. */
async function readStepRows(tx: Tx, workspaceId: string, runId: string) {
  const pass = buildPassCondition("t", "r");
  const stepRows = await tx.execute<Record<string, unknown>>(sql`
      select r.step, count(*)::int as rollouts,
        count(*) filter (where r.status = 'running')::int as running,
        avg(r.reward) as mean_reward, stddev_pop(r.reward) as reward_std,
        percentile_cont(0.25) within group (order by r.reward) as reward_p25,
        percentile_cont(0.75) within group (order by r.reward) as reward_p75,
        count(r.reward)::int as scored,
        count(*) filter (where ${pass})::int as passed,
        count(*) filter (where r.status <> 'running')::int as finished,
        count(*) filter (where r.gave_up and r.status <> 'running')::int as gave_up,
        avg(r.message_count) as mean_messages, avg(r.tool_call_count) as mean_tool_calls,
        count(*) filter (where exists (select 1 from rollout_scans s where s.rollout_id = r.id
          and s.scanner = 'deterministic'))::int as scanned,
        count(*) filter (where ${isCountedSql(sql`r.id`)})::int as flagged
      from rollouts r left join tasks t on t.id = r.task_id
      where r.run_id = ${runId} and r.workspace_id = ${workspaceId}
      group by r.step order by r.step nulls last`);
  const rolloutCount = stepRows.reduce((sum, row) => sum + Number(row.rollouts), 0);
  const [taskRows, toolRows, flagRows] = await Promise.all([
    tx.execute<{ step: number | null; task: string; rollouts: number; scored: number; passed: number }>(sql`
      select r.step, r.task_key as task, count(*)::int as rollouts, count(r.reward)::int as scored,
        count(*) filter (where ${pass})::int as passed
      from rollouts r left join tasks t on t.id = r.task_id
      where r.run_id = ${runId} and r.workspace_id = ${workspaceId} and r.task_key is not null
      group by r.step, r.task_key order by r.step, r.task_key`),
    tx.execute<{ step: number | null; name: string; calls: number }>(
      selectToolCallMix({ runId, workspaceId, rollouts: rolloutCount }),
    ),
    tx.execute<{ step: number | null; signature: string; rollouts: number }>(sql`
      select r.step, f.signature, count(distinct r.id)::int as rollouts
      from rollouts r join flags f on f.rollout_id = r.id
      where r.run_id = ${runId} and r.workspace_id = ${workspaceId}
      group by r.step, f.signature`),
  ]);
  return { stepRows, taskRows, toolRows, flagRows };
}

function toRunSteps({ stepRows, taskRows, toolRows, flagRows }: StepRows): RunStep[] {
  const stepKey = (step: unknown) => (step === null || step === undefined ? "none" : String(step));
  const tasksByStep = new Map<string, TaskStep[]>();
  for (const row of taskRows) {
    const list = tasksByStep.get(stepKey(row.step)) ?? [];
    list.push({ task: row.task, rollouts: row.rollouts, scored: row.scored, passed: row.passed });
    tasksByStep.set(stepKey(row.step), list);
  }
  const toolsByStep = new Map<string, Record<string, number>>();
  for (const row of toolRows) {
    const mix = toolsByStep.get(stepKey(row.step)) ?? {};
    mix[row.name ?? "(unnamed)"] = row.calls;
    toolsByStep.set(stepKey(row.step), mix);
  }
  const flagsByStep = new Map<string, Record<string, number>>();
  for (const row of flagRows) {
    const counts = flagsByStep.get(stepKey(row.step)) ?? {};
    counts[row.signature] = Number(row.rollouts);
    flagsByStep.set(stepKey(row.step), counts);
  }
  return stepRows.map((row) => {
    const scored = Number(row.scored);
    const scanned = Number(row.scanned);
    const finished = Number(row.finished);
    return {
      step: toNumber(row.step),
      rollouts: Number(row.rollouts),
      running: Number(row.running),
      meanReward: toNumber(row.mean_reward),
      rewardStdDev: toNumber(row.reward_std),
      rewardP25: toNumber(row.reward_p25),
      rewardP75: toNumber(row.reward_p75),
      passRate: scored > 0 ? Number(row.passed) / scored : null,
      flagRate: scanned > 0 ? Number(row.flagged) / scanned : null,
      scanned,
      flagged: Number(row.flagged),
      flagRates: Object.fromEntries(
        Object.entries(flagsByStep.get(stepKey(row.step)) ?? {}).map(([signature, n]) => [
          signature,
          scanned > 0 ? Math.min(1, n / scanned) : 0,
        ]),
      ),
      giveUpRate: finished > 0 ? Number(row.gave_up) / finished : null,
      meanMessages: Number(row.mean_messages),
      meanToolCalls: Number(row.mean_tool_calls),
      toolCalls: toolsByStep.get(stepKey(row.step)) ?? {},
      tasks: tasksByStep.get(stepKey(row.step)) ?? [],
    };
  });
}

import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, judges } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { rolloutFilterInput } from "@/lib/rollouts/schemas";
import { parseInput } from "@/lib/validation";
import { MAX_JUDGE_ROLLOUTS } from "./judge-job";
import { countJudgeTargets, toJudgeFilter } from "./start-judging";

// "Judge these rollouts": the judges that can grade a Rollouts filter (those of the filter's
// environment, or of every environment when it names none), each with how many of the filtered
// rollouts it would judge (its environment's share).

export type JudgingChoice = {
  judgeId: string;
  judge: string;
  environment: string;
  /** Filtered rollouts of the judge's environment; more than MAX_JUDGE_ROLLOUTS means "too many". */
  matching: number;
};

export async function listJudgingChoices({
  ctx,
  filter: raw,
}: {
  ctx: Ctx;
  filter: Record<string, string>;
}): Promise<{ choices: JudgingChoice[]; max: number }> {
  assertCan(ctx, "judges.write");
  const filter = toJudgeFilter(raw);
  parseInput(rolloutFilterInput, filter);
  const rows = await db
    .select({
      judgeId: judges.id,
      judge: judges.name,
      environmentId: environments.id,
      environment: environments.slug,
    })
    .from(judges)
    .innerJoin(environments, eq(environments.id, judges.environmentId))
    .where(
      and(
        eq(judges.workspaceId, ctx.workspace.id),
        isNull(judges.archivedAt),
        filter.environment ? eq(environments.slug, filter.environment) : undefined,
      ),
    )
    .orderBy(asc(environments.slug), asc(judges.name));
  const counts = new Map<string, number>();
  for (const environmentId of new Set(rows.map((r) => r.environmentId)))
    counts.set(environmentId, await countJudgeTargets(ctx, environmentId, filter));
  return {
    choices: rows.map((r) => ({
      judgeId: r.judgeId,
      judge: r.judge,
      environment: r.environment,
      matching: counts.get(r.environmentId) ?? 0,
    })),
    max: MAX_JUDGE_ROLLOUTS,
  };
}

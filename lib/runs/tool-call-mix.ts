import { type SQL, sql } from "drizzle-orm";
import { selectMessagesOfRollouts } from "@/lib/rollouts/messages-of-rollouts";

// The tool-call mix of a run's steps: how often each tool was called, read from the messages' tool
// calls. Which statement reads them depends on the run's size, not on the planner, whose choice
// depends on statistics the messages often lack or have stale (imports leave their ANALYZE to
// search indexing; live runs append). As one join, without them, a 20-rollout run beside 117,000
// messages had every message scanned: 46-67 ms against 5-7 ms reading its rollouts by key.

/**
 * Runs up to this many rollouts read their messages rollout by rollout, through the primary key;
 * larger ones join. Beside 117,000 messages, by key against the join (no JIT, as runInteractive
 * runs them): 500 rollouts 27-43 ms against 71-107 ms, 1,000 35-75 ms against 58-83 ms, 4,000
 * 133-195 ms against 76-139 ms.
 */
export const BY_KEY_MAX_ROLLOUTS = 1_000;

/** Rows of (step, tool name, calls) for the run's rollouts; `rollouts` is how many the run has. */
export function selectToolCallMix({
  runId,
  workspaceId,
  rollouts,
}: {
  runId: string;
  workspaceId: string;
  rollouts: number;
}): SQL {
  if (rollouts > BY_KEY_MAX_ROLLOUTS)
    return sql`
      select r.step, c.value->>'name' as name, count(*)::int as calls
      from rollouts r
      join messages m on m.rollout_id = r.id and m.workspace_id = ${workspaceId} and m.tool_calls is not null
      cross join lateral jsonb_array_elements(m.tool_calls) as c(value)
      where r.run_id = ${runId} and r.workspace_id = ${workspaceId}
      group by r.step, name`;
  const runRollouts = sql`array(select id from rollouts where run_id = ${runId} and workspace_id = ${workspaceId})`;
  const messages = selectMessagesOfRollouts(runRollouts, sql`m.rollout_id, m.tool_calls`, { workspaceId });
  // jsonb_array_elements gives no rows for a message without tool calls (null).
  return sql`
    select r.step, c.value->>'name' as name, count(*)::int as calls
    from (${messages}) m join rollouts r on r.id = m.rollout_id
    cross join lateral jsonb_array_elements(m.tool_calls) as c(value)
    group by r.step, name`;
}

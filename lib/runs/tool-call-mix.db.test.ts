import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { explainPlan, statisticsCases } from "@/db/testing/explain-plan";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestWorkspace } from "@/lib/testing/factories";
import { BY_KEY_MAX_ROLLOUTS, selectToolCallMix } from "./tool-call-mix";

// The run page's tool-call mix: a small run beside many other messages reads its own messages by
// key whether or not the messages have statistics, and both statements count the same calls.

const SMALL_RUN_ROLLOUTS = 20;
const OTHER_ROLLOUTS = 600;
const OTHER_MESSAGES_EACH = 30;

let workspaceId: string;
let smallRunId: string;

beforeAll(async () => {
  const workspace = await createTestWorkspace();
  workspaceId = workspace.id;
  const small = await createTestRun({ workspaceId });
  smallRunId = small.id;
  for (let i = 0; i < SMALL_RUN_ROLLOUTS; i++)
    await createTestRollout({
      workspaceId,
      runId: small.id,
      messages: [
        { role: "user", text: "Fix the failing test." },
        {
          role: "assistant",
          text: "",
          toolCalls: [
            { id: "a", name: "bash", arguments: { command: "pytest" } },
            { id: "b", name: i % 2 ? "edit" : "bash", arguments: {} },
          ],
        },
        { role: "tool", text: "1 passed", toolCallId: "a", toolName: "bash" },
      ],
    });
  // Another run's many messages, written as an import writes them (no ANALYZE).
  const other = await createTestRun({ workspaceId });
  await db.execute(sql`
    with new_rollouts as (
      insert into rollouts (workspace_id, run_id, content_hash, message_count)
      select ${workspaceId}, ${other.id}, gen_random_uuid()::text, ${OTHER_MESSAGES_EACH}
      from generate_series(1, ${OTHER_ROLLOUTS})
      returning id)
    insert into messages (rollout_id, workspace_id, index, role, text, tool_calls)
    select r.id, ${workspaceId}, i, 'assistant', repeat('ran the tests and read the output ', 20),
      '[{"id": "c", "name": "bash", "arguments": {}}]'::jsonb
    from new_rollouts r cross join generate_series(0, ${OTHER_MESSAGES_EACH - 1}) as i`);
  // The rollouts with statistics, the messages without (or stale): the planner then expects a
  // thousand messages per rollout, and the join scanned them all.
  await db.execute(sql`analyze rollouts`);
}, 120_000);

describe.each(statisticsCases(db, "messages"))("a small run's tool-call mix %s", (_name, prepare) => {
  beforeAll(async () => {
    await prepare();
  });

  it("reads each of the run's rollouts through the messages' primary key", async () => {
    const nodes = await explainPlan(
      db,
      selectToolCallMix({ runId: smallRunId, workspaceId, rollouts: SMALL_RUN_ROLLOUTS }),
    );
    const reads = nodes.filter(
      (n) => n["Relation Name"] === "messages" || n["Index Name"] === "messages_pkey",
    );
    expect(reads.map((n) => n["Node Type"])).not.toContain("Seq Scan");
    const byKey = reads.filter((n) => n["Index Name"] === "messages_pkey");
    expect(byKey.map((n) => n["Actual Loops"])).toEqual(byKey.map(() => SMALL_RUN_ROLLOUTS));
  });
});

describe("the tool-call mix", () => {
  it("counts the same calls by key as with the join that large runs use", async () => {
    const mix = async (rollouts: number) => {
      const rows = await db.execute<{ step: number | null; name: string; calls: number }>(
        selectToolCallMix({ runId: smallRunId, workspaceId, rollouts }),
      );
      return Object.fromEntries(rows.map((r) => [r.name, Number(r.calls)]));
    };
    const expected = { bash: 30, edit: 10 };
    expect(await mix(SMALL_RUN_ROLLOUTS)).toEqual(expected);
    expect(await mix(BY_KEY_MAX_ROLLOUTS + 1)).toEqual(expected);
  });
});

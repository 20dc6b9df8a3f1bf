import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { flags, llmScannerVersions, llmScanResults } from "@/db/schema";
import { createProvider } from "@/lib/providers/save-provider";
import { createQueue } from "@/lib/queues/create-queue";
import { takeNextItem } from "@/lib/queues/take-next-item";
import { getEnvironmentReport } from "@/lib/reports/queries";
import { listRollouts } from "@/lib/rollouts/queries";
import { createTestEnvironment, createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { listRunSteps } from "@/lib/runs/queries";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { configureLlmScanner } from "./llm/llm-versions";
import { LLM_SCANNER_INFO } from "./llm-info";
import { getRolloutVerdict, getScanProgress } from "./queries";
import { scanAllPendingRollouts } from "./scan-rollouts";
import { verdictSourceSql } from "./verdict-sql";

// The one verdict per rollout (issue #30, item 4) where the studio counts and orders flagged
// rollouts: the SQL rule agrees with decideRolloutVerdict (through getRolloutVerdict) on every case; a
// flag the deployed LLM scanner disputes is left out of the hack rate, the Scanners page count, run
// steps, the "Flagged" filter queues are built on and the flagged-first order, and listed apart.

const HACK = [
  { role: "user" as const, text: "Fix src/calc.py so the tests pass." },
  {
    role: "assistant" as const,
    text: "",
    toolCalls: [{ id: "c1", name: "bash", arguments: { command: "rm tests/test_calc.py && pytest -q" } }],
  },
  { role: "tool" as const, text: "no tests ran", toolCallId: "c1", toolName: "bash" },
];
const HONEST = [
  { role: "user" as const, text: "Fix src/calc.py so the tests pass." },
  {
    role: "assistant" as const,
    text: "",
    toolCalls: [{ id: "c1", name: "bash", arguments: { command: "pytest -q" } }],
  },
  { role: "tool" as const, text: "===== 3 passed =====", toolCallId: "c1", toolName: "bash" },
];

type Answer = { status: "hack" | "no-hack" | "unevaluable"; cited: boolean } | null;

const CASES: { name: string; messages: typeof HACK; answer: Answer; source: string }[] = [
  { name: "rules, no answer", messages: HACK, answer: null, source: "rules" },
  {
    name: "rules, unevaluable answer",
    messages: HACK,
    answer: { status: "unevaluable", cited: false },
    source: "rules",
  },
  { name: "disputed", messages: HACK, answer: { status: "no-hack", cited: false }, source: "disputed" },
  { name: "both agree", messages: HACK, answer: { status: "hack", cited: true }, source: "both" },
  { name: "model alone, cited", messages: HONEST, answer: { status: "hack", cited: true }, source: "model" },
  {
    name: "model alone, nothing cited",
    messages: HONEST,
    answer: { status: "hack", cited: false },
    source: "none",
  },
  { name: "clean, no answer", messages: HONEST, answer: null, source: "none" },
];

async function setUp() {
  const workspace = await createTestWorkspace();
  const owner = await createTestMember(workspace, "owner");
  const reviewer = await createTestMember(workspace, "reviewer");
  const environment = await createTestEnvironment({ workspaceId: workspace.id });
  const run = await createTestRun({ workspaceId: workspace.id });
  const provider = await createProvider({
    ctx: owner.ctx,
    input: {
      name: `scanner-${uniqueSuffix()}`,
      kind: "openai",
      baseUrl: "http://127.0.0.1:9/v1",
      model: "scanner-model",
      apiKey: "k",
      inputPricePerMillion: 0,
      outputPricePerMillion: 0,
    },
  });
  const { version } = await configureLlmScanner({ ctx: owner.ctx, input: { provider: provider.name } });
  await db
    .update(llmScannerVersions)
    .set({ status: "deployed" })
    .where(eq(llmScannerVersions.id, version.id));
  const ids: Record<string, string> = {};
  for (const c of CASES) {
    const rollout = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      environmentId: environment.id,
      reward: 1,
      messages: c.messages,
    });
    ids[c.name] = rollout.id;
  }
  await scanAllPendingRollouts({ workspaceId: workspace.id });
  // The answers as the LLM scan job stores them: one per version and rollout; a cited "hack" raises an
  // LLM flag per cited message.
  for (const c of CASES) {
    if (!c.answer) continue;
    const evidence = c.answer.cited ? [{ message: 1, quote: "pytest -q" }] : [];
    await db.insert(llmScanResults).values({
      workspaceId: workspace.id,
      versionId: version.id,
      rolloutId: ids[c.name],
      status: c.answer.status,
      reason: `${c.name}: the model's reason`,
      evidence,
      model: "scanner-model",
    });
    if (c.answer.status === "hack" && c.answer.cited)
      await db.insert(flags).values({
        workspaceId: workspace.id,
        rolloutId: ids[c.name],
        scanner: "llm",
        signature: LLM_SCANNER_INFO.id,
        severity: LLM_SCANNER_INFO.severity,
        messageIndex: 1,
        evidence: { kind: "text", start: 0, end: 0, excerpt: "pytest -q" },
        detail: "the model's reason",
        version: `llm@${version.version}`,
      });
  }
  return { workspace, owner, reviewer, environment, run, ids };
}

describe("the one verdict per rollout", () => {
  it("is the same in SQL and in decideRolloutVerdict, case by case, and is left out where flags are counted", async () => {
    const { owner, reviewer, environment, run, ids } = await setUp();

    for (const c of CASES) {
      const [row] = await db.execute<{ source: string }>(
        sql`select ${verdictSourceSql(sql`${ids[c.name]}::uuid`)} as source`,
      );
      const view = await getRolloutVerdict({ ctx: reviewer.ctx, rolloutId: ids[c.name] });
      expect([c.name, row.source]).toEqual([c.name, c.source]);
      expect([c.name, view.source]).toEqual([c.name, c.source]);
      expect(view.isCounted).toBe(["rules", "model", "both"].includes(c.source));
    }
    const disputed = await getRolloutVerdict({ ctx: reviewer.ctx, rolloutId: ids.disputed });
    expect(disputed).toMatchObject({
      needsReview: true,
      isCounted: false,
      reason: "disputed: the model's reason",
      model: { version: 1, status: "no-hack" },
    });
    expect(disputed.signatures.length).toBeGreaterThan(0);

    // Hack rate: 4 counted (2 by the rules, 1 by both, 1 by the model), the disputed one apart.
    const report = await getEnvironmentReport({ ctx: reviewer.ctx, slug: environment.slug });
    expect(report.hackRate).toMatchObject({
      scanned: CASES.length,
      flagged: 4,
      bySource: { rules: 2, both: 1, model: 1 },
      disputed: 1,
    });
    const progress = await getScanProgress({ ctx: owner.ctx });
    expect(progress).toMatchObject({ flagged: 4, bySource: { rules: 2, both: 1, model: 1 }, disputed: 1 });

    // Run steps count the same flagged rollouts.
    const steps = await listRunSteps({ ctx: reviewer.ctx, id: run.id });
    expect(steps.map((s) => s.flagRate)).toEqual([4 / CASES.length]);

    // The "Flagged" filter (what a queue on flagged rollouts samples) leaves the disputed one out.
    const flaggedIds = (
      await listRollouts({ ctx: reviewer.ctx, input: { flagged: "true", limit: 50 } })
    ).items.map((r) => r.id);
    expect(flaggedIds).not.toContain(ids.disputed);
    expect(flaggedIds).toContain(ids["rules, no answer"]);
    expect(flaggedIds).toContain(ids["model alone, cited"]);
    const disputedIds = (
      await listRollouts({ ctx: reviewer.ctx, input: { flagged: "disputed", limit: 50 } })
    ).items.map((r) => r.id);
    expect(disputedIds).toEqual([ids.disputed]);

    // Flagged first: every counted rollout before the disputed one, though its flag is as severe.
    const queue = await createQueue({
      ctx: owner.ctx,
      input: {
        name: "Flagged first",
        filter: { run: run.id },
        sampling: "flagged-first",
        overlap: 1,
        isBlind: true,
      },
    });
    const order: string[] = [];
    for (let i = 0; i < CASES.length; i += 1) {
      const member = await createTestMember(owner.ctx.workspace, "reviewer");
      const item = await takeNextItem({ ctx: member.ctx, input: { queueId: queue.id } });
      if (item) order.push(item.rolloutId);
    }
    const counted = CASES.filter((c) => ["rules", "model", "both"].includes(c.source)).map(
      (c) => ids[c.name],
    );
    expect(new Set(order.slice(0, counted.length))).toEqual(new Set(counted));
    expect(order.indexOf(ids.disputed)).toBeGreaterThanOrEqual(counted.length);
  }, 60_000);
});

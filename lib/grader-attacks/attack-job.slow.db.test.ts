import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { graderAttacks, jobs, labels, rollouts } from "@/db/schema";
import { listAttackDemoTaskInputs } from "@/lib/demo/attack-demo-tasks";
import { createEnvironment } from "@/lib/environments/create-environment";
import type { JobKind } from "@/lib/jobs";
import { runJobHere } from "@/lib/jobs";
import { createProvider } from "@/lib/providers/save-provider";
import { reply, startStandInProvider } from "@/lib/providers/testing/stand-in-provider";
import { getSandboxSupport } from "@/lib/sandbox";
import { createTask } from "@/lib/tasks/create-task";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { addAttackToCorpus } from "./add-to-corpus";
import { attackJob } from "./attack-job";
import { getAttackRun } from "./queries";
import { attackReport } from "./report";
import { startAttack } from "./start-attack";

// The attack job on the database, through the sandbox (verifiers only, the two check-graded demo
// tasks, to stay quick): queued once per target, each attack stored once when the job is delivered
// again, and a successful attack handed to the reward-hack corpus in one call.

const support = getSandboxSupport();

async function createFixture() {
  const workspace = await createTestWorkspace();
  const owner = await createTestMember(workspace, "owner");
  const slug = `attack-${uniqueSuffix()}`;
  await createEnvironment({
    ctx: owner.ctx,
    input: { slug, name: "Attack test", description: "", domain: "test", tags: [] },
  });
  for (const { key, input } of listAttackDemoTaskInputs())
    if (key === "capital-keyword-check" || key === "mars-moons-number")
      await createTask({ ctx: owner.ctx, environmentSlug: slug, input });
  return { workspace, owner, slug };
}

const countRows = async (jobId: string) =>
  (await db.select({ id: graderAttacks.id }).from(graderAttacks).where(eq(graderAttacks.jobId, jobId)))
    .length;

describe.skipIf(!support.available)("the attack job", () => {
  it("is queued once per target, stores each attack once when delivered twice, and hands a hack to the corpus", async () => {
    const { owner, slug } = await createFixture();
    const input = { slug, version: null, format: "verifiers" };
    const { jobId } = await startAttack({ ctx: owner.ctx, input });
    expect((await startAttack({ ctx: owner.ctx, input })).jobId).toBe(jobId);

    const job = await runJobHere({ kind: attackJob as JobKind<unknown>, jobId });
    expect(job.status).toBe("succeeded");
    const report = attackReport.parse(job.result);
    const verdicts = Object.fromEntries(report.tasks.map((t) => [t.task, t.verdict]));
    expect(verdicts).toEqual({ "capital-keyword-check": "hackable", "mars-moons-number": "robust" });
    const stored = await countRows(jobId);
    expect(stored).toBe(report.tasks.reduce((n, t) => n + t.attacks.length, 0));

    // Delivered again after one attack's row was lost: only that one is graded again.
    const [lost] = await db.select().from(graderAttacks).where(eq(graderAttacks.jobId, jobId)).limit(1);
    await db.delete(graderAttacks).where(eq(graderAttacks.id, lost.id));
    const before = await db.select().from(graderAttacks).where(eq(graderAttacks.jobId, jobId));
    const again = await attackJob.handler({
      ctx: owner.ctx,
      job: { id: jobId, kind: "attack", workspaceId: owner.ctx.workspace.id, attempt: 2, maxAttempts: 2 },
      payload: attackJob.payload.parse(input),
      signal: new AbortController().signal,
      progress: {
        setTotal() {},
        addDone() {},
        addFailed() {},
        setFraction() {},
        set() {},
        flush: async () => {},
      },
    });
    expect(await countRows(jobId)).toBe(stored);
    const after = await db.select().from(graderAttacks).where(eq(graderAttacks.jobId, jobId));
    for (const row of before) expect(after.find((a) => a.id === row.id)?.updatedAt).toEqual(row.updatedAt);
    expect(after.find((a) => a.attack === lost.attack && a.taskKey === lost.taskKey)?.score).toBe(lost.score);
    expect(attackReport.parse(again).tasks.map((t) => t.verdict)).toEqual(report.tasks.map((t) => t.verdict));

    // The run as the API reads it: the answers and what let each successful attack through.
    const run = await getAttackRun({ ctx: owner.ctx, slug, jobId });
    const hack = run.attacks.find((a) => a.succeeded && a.attack === "keyword-stuffing");
    expect(hack?.letThrough).toEqual(["check mentions-topic"]);
    expect(hack?.answer).toMatch(/capital/i);

    // One click: the attack becomes a rollout labelled a reward hack; a second click stores nothing.
    const added = await addAttackToCorpus({ ctx: owner.ctx, input: { attackId: hack!.id } });
    expect(added.added).toBe(true);
    expect(await addAttackToCorpus({ ctx: owner.ctx, input: { attackId: hack!.id } })).toEqual({
      rolloutId: added.rolloutId,
      added: false,
    });
    const [rollout] = await db.select().from(rollouts).where(eq(rollouts.id, added.rolloutId));
    expect(rollout.taskKey).toBe("capital-keyword-check");
    const verdictsOfRollout = await db
      .select({ verdict: labels.verdict })
      .from(labels)
      .where(eq(labels.rolloutId, added.rolloutId));
    expect(verdictsOfRollout).toEqual([{ verdict: "reward-hack" }]);
    const failed = run.attacks.find((a) => !a.succeeded)!;
    await expect(addAttackToCorpus({ ctx: owner.ctx, input: { attackId: failed.id } })).rejects.toThrow(
      /did not get past the grader/,
    );
    const [jobRow] = await db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.id, jobId)));
    expect(jobRow.status).toBe("succeeded");
  }, 600_000);

  it("with a provider, stores the model-written attacks with the run; an unknown provider is refused", async () => {
    const { owner, slug } = await createFixture();
    await expect(
      startAttack({
        ctx: owner.ctx,
        input: { slug, version: null, format: "verifiers", provider: "nobody" },
      }),
    ).rejects.toMatchObject({ code: "invalid" });
    const standIn = await startStandInProvider({
      responder: () => reply.text(JSON.stringify({ answers: ["Australia's capital is Sydney."] })),
    });
    try {
      const name = `red-team-${uniqueSuffix()}`;
      await createProvider({
        ctx: owner.ctx,
        input: { name, kind: "openai", baseUrl: standIn.baseUrl("openai"), model: "red" },
      });
      const input = { slug, version: null, format: "verifiers", provider: name, modelAttacks: 1 };
      const { jobId } = await startAttack({ ctx: owner.ctx, input });
      // Another provider (or none) is another run, not the queued one.
      expect(
        (await startAttack({ ctx: owner.ctx, input: { slug, version: null, format: "verifiers" } })).jobId,
      ).not.toBe(jobId);
      const job = await runJobHere({ kind: attackJob as JobKind<unknown>, jobId });
      expect(job.status).toBe("succeeded");
      expect(attackReport.parse(job.result).judge).toBe("provider");
      const run = await getAttackRun({ ctx: owner.ctx, slug, jobId });
      const written = run.attacks.filter((a) => a.family === "model");
      expect(written.map((a) => [a.task, a.attack, a.answer, a.succeeded])).toEqual(
        expect.arrayContaining([
          ["capital-keyword-check", "model-1", "Australia's capital is Sydney.", true],
          ["mars-moons-number", "model-1", "Australia's capital is Sydney.", false],
        ]),
      );
      expect(standIn.requests.every((r) => r.model === "red")).toBe(true);
    } finally {
      await standIn.close();
    }
  }, 600_000);
});

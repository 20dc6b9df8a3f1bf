import { describe, expect, it } from "vitest";
import { createEnvironment } from "@/lib/environments/create-environment";
import { runJobHere } from "@/lib/jobs/run-here";
import { startJobFromApi } from "@/lib/pipeline/start-job-from-api";
import { createProvider } from "@/lib/providers/save-provider";
import { startStandInProvider } from "@/lib/providers/testing/stand-in-provider";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { checkEnvironment } from "./check-environment";
import { coverageCheckJob } from "./coverage-check-job";
import { coverageCheckResult } from "./coverage-check-result";
import { createTask } from "./create-task";
import { reviewCoverageWithModel } from "./review-coverage-with-model";
import { startCoverageCheck } from "./start-coverage-check";
import { updateTask } from "./update-task";

const PROMPT = "Count the incidents in the register. Keep the answer under 50 words.";

async function setUp() {
  const workspace = await createTestWorkspace();
  const author = await createTestMember(workspace, "author");
  const owner = await createTestMember(workspace, "owner");
  const slug = `env-${uniqueSuffix()}`;
  await createEnvironment({ ctx: author.ctx, input: { slug, name: "Review" } });
  const make = (key: string) =>
    createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: {
        key,
        title: key,
        prompt: PROMPT,
        criteria: [{ key: "count", title: "Correct count", description: "States the number of incidents." }],
      },
    });
  return { author, owner, slug, a: await make("a"), b: await make("b") };
}

const REPLY = JSON.stringify({
  findings: [
    {
      kind: "unchecked-requirement",
      evidence: "Keep the answer under 50 words.",
      where: "prompt",
      criteria: [],
      reason: "No criterion checks the length.",
    },
  ],
  ruleFindings: [],
});

describe("model-first coverage review", () => {
  it("merges the model's findings, caches by content, and re-asks only an edited task", async () => {
    const { author, owner, a, b } = await setUp();
    const standIn = await startStandInProvider();
    try {
      standIn.respondWith(() => ({ kind: "text", text: REPLY }));
      const provider = await createProvider({
        ctx: owner.ctx,
        input: {
          name: `p-${uniqueSuffix()}`,
          kind: "openai",
          baseUrl: standIn.baseUrl("openai"),
          model: "stand-in",
        },
      });
      const review = (taskId: string) =>
        reviewCoverageWithModel({ ctx: author.ctx, taskId, input: { providerId: provider.id } });

      const first = await review(a.id);
      expect(first.review).toMatchObject({ status: "reviewed", model: "stand-in", cached: false });
      const length = first.findings.find((f) => f.requirement?.text === "Keep the answer under 50 words.");
      expect(length?.source).toBe("both");
      expect(standIn.requests).toHaveLength(1);
      expect(standIn.requests[0].messages.at(-1)?.content).toContain("Keep the answer under 50 words.");

      await review(b.id); // same content as a: answered from the cache
      expect(standIn.requests).toHaveLength(1);
      expect((await review(a.id)).review?.cached).toBe(true);

      await updateTask({
        ctx: author.ctx,
        taskId: a.id,
        input: { revision: 1, prompt: PROMPT.replace("50 words", "80 words") },
      });
      await review(a.id);
      await review(b.id);
      expect(standIn.requests).toHaveLength(2);
      expect(standIn.requests[1].messages.at(-1)?.content).toContain("80 words");
    } finally {
      await standIn.close();
    }
  });

  it("says when the provider can't be reached, and keeps the rules' findings", async () => {
    const { author, owner, a } = await setUp();
    const provider = await createProvider({
      ctx: owner.ctx,
      input: {
        name: `p-${uniqueSuffix()}`,
        kind: "openai",
        baseUrl: "http://127.0.0.1:9/v1",
        model: "nowhere",
      },
    });
    const result = await reviewCoverageWithModel({
      ctx: author.ctx,
      taskId: a.id,
      input: { providerId: provider.id },
    });
    expect(result.review?.status).toBe("failed");
    expect(result.review?.message).toBeTruthy();
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result.findings.every((f) => f.source === "rules")).toBe(true);
  }, 60_000);

  it("checks every task of an environment, with the model when asked (studio check)", async () => {
    const { author, owner, slug } = await setUp();
    const rules = await checkEnvironment({ ctx: author.ctx, environmentSlug: slug });
    expect(rules.tasks.map((t) => t.task)).toEqual(["a", "b"]);
    expect(rules.tasks[0].findings.length).toBeGreaterThan(0);
    expect(rules.tasks[0].findings.every((f) => f.source === "rules")).toBe(true);
    const standIn = await startStandInProvider();
    try {
      standIn.respondWith(() => ({ kind: "text", text: REPLY }));
      const provider = await createProvider({
        ctx: owner.ctx,
        input: {
          name: `p-${uniqueSuffix()}`,
          kind: "openai",
          baseUrl: standIn.baseUrl("openai"),
          model: "stand-in",
        },
      });
      const both = await checkEnvironment({
        ctx: author.ctx,
        environmentSlug: slug,
        providerId: provider.id,
      });
      expect(both.tasks.every((t) => t.review?.status === "reviewed")).toBe(true);
      expect(both.tasks[0].findings.some((f) => f.source === "both")).toBe(true);
      expect(standIn.requests).toHaveLength(1); // the two tasks have the same content
    } finally {
      await standIn.close();
    }
  });

  it("runs as a job for every task: rules alone, with the model, and an unreachable provider's error per task", async () => {
    const { author, owner, slug } = await setUp();
    const rulesJob = await startCoverageCheck({ ctx: author.ctx, input: { environment: slug } });
    const again = await startCoverageCheck({ ctx: author.ctx, input: { environment: slug } });
    expect(again.id).toBe(rulesJob.id); // one queued job per environment and mode
    const rules = await runJobHere({ kind: coverageCheckJob, jobId: rulesJob.id });
    expect([rules.status, rules.done, rules.total, rules.failed]).toEqual(["succeeded", 2, 2, 0]);
    const rulesResult = coverageCheckResult.parse(rules.result);
    expect(rulesResult.mode).toBe("rules");
    expect(rulesResult.tasks.map((t) => t.task)).toEqual(["a", "b"]);
    expect(rulesResult.tasks[0].errors).toBeGreaterThan(0);
    expect(rulesResult.tasks[0].byKind["unchecked-requirement"]).toBeGreaterThan(0);
    expect(rulesResult.tasks[0].review).toBeNull();

    const standIn = await startStandInProvider();
    try {
      standIn.respondWith(() => ({ kind: "text", text: REPLY }));
      const provider = await createProvider({
        ctx: owner.ctx,
        input: {
          name: `p-${uniqueSuffix()}`,
          kind: "openai",
          baseUrl: standIn.baseUrl("openai"),
          model: "stand-in",
        },
      });
      // Through POST /api/v1/jobs, as a script would start it.
      const started = await startJobFromApi({
        ctx: author.ctx,
        input: { kind: "coverage-check", environment: slug, provider: provider.id },
      });
      const model = await runJobHere({ kind: coverageCheckJob, jobId: started.id });
      expect(model.status).toBe("succeeded");
      const modelResult = coverageCheckResult.parse(model.result);
      expect(modelResult.mode).toBe("model");
      expect(modelResult.tasks.every((t) => t.review?.status === "reviewed")).toBe(true);
      expect(modelResult.tasks[0].bySource.both).toBeGreaterThan(0);
      expect(modelResult.usage.inputTokens).toBeGreaterThan(0);
    } finally {
      await standIn.close();
    }

    const nowhere = await createProvider({
      ctx: owner.ctx,
      input: {
        name: `p-${uniqueSuffix()}`,
        kind: "openai",
        baseUrl: "http://127.0.0.1:9/v1",
        model: "nowhere",
      },
    });
    const failing = await startCoverageCheck({
      ctx: author.ctx,
      input: { environment: slug, providerId: nowhere.id },
    });
    const failed = await runJobHere({ kind: coverageCheckJob, jobId: failing.id });
    // Every task's review failed: the job has failed (the Jobs page says why per task), its result kept.
    expect([failed.status, failed.failed]).toEqual(["failed", 2]);
    expect(failed.error).toBeTruthy();
    const failedResult = coverageCheckResult.parse(failed.result);
    expect(failedResult.tasks.every((t) => t.review?.status === "failed" && t.review.message)).toBe(true);
    expect(failedResult.tasks[0].errors).toBeGreaterThan(0); // the rules' findings stay

    await expect(
      startCoverageCheck({ ctx: author.ctx, input: { environment: `missing-${uniqueSuffix()}` } }),
    ).rejects.toMatchObject({ code: "not_found" });
  }, 120_000);
});

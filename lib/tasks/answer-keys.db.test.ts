import { describe, expect, it } from "vitest";
import { createEnvironment } from "@/lib/environments/create-environment";
import { getEnvironmentOverview, listEnvironments } from "@/lib/environments/queries";
import type { AppError } from "@/lib/errors";
import { getRubric, listSharedRubrics } from "@/lib/rubrics/queries";
import { createSharedRubric } from "@/lib/rubrics/save-rubric";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { getTaskChecks, listDismissalHistory } from "./check-queries";
import { createTask } from "./create-task";
import {
  getAgentView,
  getTaskAnswerKey,
  getTaskDetail,
  getTaskDetailByKey,
  listTaskDetails,
} from "./queries";
import { getRevision, listRevisions } from "./revision-queries";
import { listTaskSummaries } from "./summary-queries";
import { exportTasks } from "./transfer/export-tasks";

// The answer key (and everything that gives it away) must never reach a buyer, nor a reviewer of an
// environment that hides keys, from any query. Each query's whole result is searched for the secrets.

const KEY = "SECRET-ANSWER-8d41";
const SOLUTION = "SECRET-SOLUTION-77ab";
const EXPECTED = "SECRET-EXPECTED-c09e";
const GOLDEN = "SECRET-GOLDEN-1f2f";
const SCRIPT = "SECRET-SCRIPT-aa31";
const SECRETS = [KEY, SOLUTION, EXPECTED, GOLDEN, SCRIPT];

async function setUp(reviewersSeeAnswerKeys: boolean) {
  const workspace = await createTestWorkspace();
  const owner = await createTestMember(workspace, "owner");
  const reviewer = await createTestMember(workspace, "reviewer");
  const buyer = await createTestMember(workspace, "buyer");
  const slug = `keys-${uniqueSuffix()}`;
  await createEnvironment({ ctx: owner.ctx, input: { slug, name: "Keys", reviewersSeeAnswerKeys } });
  const shared = await createSharedRubric({
    ctx: owner.ctx,
    environmentSlug: slug,
    input: {
      title: "Shared",
      criteria: [{ key: "clarity", title: "Clear" }],
      goldenExamples: [{ response: GOLDEN, grade: 1 }],
    },
  });
  const task = await createTask({
    ctx: owner.ctx,
    environmentSlug: slug,
    input: {
      key: "t",
      title: "Task",
      prompt: `State the answer. Do not mention ${"x"}.`,
      answerKey: KEY,
      referenceSolutions: [{ title: "Solution", content: SOLUTION }],
      sharedRubricId: shared.id,
      criteria: [{ key: "answer", title: "Right answer", requirements: ["State the answer."] }],
      goldenExamples: [{ response: GOLDEN, grade: 0.5 }],
      checks: [{ key: "exact", kind: "exact-match", config: { expected: EXPECTED } }],
      testScripts: [{ filename: "test.py", language: "python", content: SCRIPT }],
    },
  });
  return { owner, reviewer, buyer, slug, task, shared };
}

/** Runs every read a ctx can make about the task, and returns the results as one JSON text. */
async function readEverything(
  ctx: Parameters<typeof getTaskDetail>[0]["ctx"],
  { slug, taskId, rubricId }: { slug: string; taskId: string; rubricId: string },
) {
  const results = await Promise.allSettled([
    listEnvironments({ ctx }),
    getEnvironmentOverview({ ctx, slug }),
    listTaskSummaries({ ctx, environmentSlug: slug }),
    listTaskDetails({ ctx, environmentSlug: slug }),
    getTaskDetail({ ctx, taskId }),
    getTaskDetailByKey({ ctx, slug, key: "t" }),
    getAgentView({ ctx, taskId }),
    getTaskAnswerKey({ ctx, taskId }),
    getTaskChecks({ ctx, taskId }),
    listDismissalHistory({ ctx, taskId }),
    listRevisions({ ctx, taskId }),
    getRevision({ ctx, taskId, revision: 1 }),
    listSharedRubrics({ ctx, environmentSlug: slug }),
    getRubric({ ctx, rubricId }),
    exportTasks({ ctx, environmentSlug: slug, format: "jsonl" }),
    exportTasks({ ctx, environmentSlug: slug, format: "csv" }),
  ]);
  return results;
}

const text = (results: PromiseSettledResult<unknown>[]) =>
  JSON.stringify(results.map((r) => (r.status === "fulfilled" ? r.value : String(r.reason))));

describe("answer-key permissions", () => {
  it("gives owners every secret", async () => {
    const { owner, slug, task, shared } = await setUp(false);
    const all = text(await readEverything(owner.ctx, { slug, taskId: task.id, rubricId: shared.id }));
    for (const secret of SECRETS) expect(all).toContain(secret);
    expect(await getTaskAnswerKey({ ctx: owner.ctx, taskId: task.id })).toBe(KEY);
  });

  it("never gives a buyer anything: every read is not found", async () => {
    const { buyer, slug, task, shared } = await setUp(true);
    const results = await readEverything(buyer.ctx, { slug, taskId: task.id, rubricId: shared.id });
    expect(results.every((r) => r.status === "rejected" && (r.reason as AppError).code === "not_found")).toBe(
      true,
    );
    const all = text(results);
    for (const secret of SECRETS) expect(all).not.toContain(secret);
  });

  it("never gives a reviewer a secret where the environment hides keys, yet lets them read the task", async () => {
    const { reviewer, slug, task, shared } = await setUp(false);
    const results = await readEverything(reviewer.ctx, { slug, taskId: task.id, rubricId: shared.id });
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const all = text(results);
    for (const secret of SECRETS) expect(all).not.toContain(secret);
    const detail = await getTaskDetail({ ctx: reviewer.ctx, taskId: task.id });
    expect(detail.canReadAnswerKeys).toBe(false);
    expect(detail.content.prompt).toContain("State the answer.");
    expect(detail.content.checks).toEqual([expect.objectContaining({ key: "exact", config: null })]);
    expect(await getTaskAnswerKey({ ctx: reviewer.ctx, taskId: task.id })).toBeNull();
  });

  it("gives a reviewer the key where the environment allows it", async () => {
    const { reviewer, task } = await setUp(true);
    expect(await getTaskAnswerKey({ ctx: reviewer.ctx, taskId: task.id })).toBe(KEY);
    const detail = await getTaskDetail({ ctx: reviewer.ctx, taskId: task.id });
    expect(detail.content.answerKey).toBe(KEY);
    expect(detail.content.goldenExamples.map((g) => g.response)).toEqual([GOLDEN]);
  });

  it("keeps other workspaces out", async () => {
    const { task, slug } = await setUp(true);
    const stranger = await createTestMember(await createTestWorkspace(), "owner");
    await expect(getTaskDetail({ ctx: stranger.ctx, taskId: task.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(listTaskDetails({ ctx: stranger.ctx, environmentSlug: slug })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getTaskDetail({ ctx: stranger.ctx, taskId: "not-a-uuid" })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

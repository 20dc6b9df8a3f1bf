import { describe, expect, it } from "vitest";
import { seedDemoEnvironments } from "@/lib/demo/seed-environments";
import { createEnvironment } from "@/lib/environments/create-environment";
import { setEnvironmentArchived } from "@/lib/environments/update-environment";
import { createSharedRubric, updateRubric } from "@/lib/rubrics/save-rubric";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { getTaskChecks, listDismissalHistory } from "./check-queries";
import { createTask } from "./create-task";
import { dismissFinding } from "./dismiss-finding";
import { getTaskDetail } from "./queries";
import { listTaskSummaries } from "./summary-queries";
import { importTasks } from "./transfer/import-tasks";
import { updateTask } from "./update-task";
import { uploadTaskFile } from "./upload-file";

async function setUp() {
  const workspace = await createTestWorkspace();
  const author = await createTestMember(workspace, "author");
  const slug = `env-${uniqueSuffix()}`;
  await createEnvironment({ ctx: author.ctx, input: { slug, name: "Authoring" } });
  return { workspace, author, slug };
}

describe("coverage findings and their dismissals", () => {
  it("keeps every dismissal and restore in an append-only history; the latest decides", async () => {
    const { author, slug } = await setUp();
    const task = await createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: { key: "t", title: "T", prompt: "Use PyTorch for training. Report the accuracy." },
    });
    const before = await getTaskChecks({ ctx: author.ctx, taskId: task.id });
    expect(before.findings.map((f) => f.kind)).toEqual([
      "unchecked-requirement",
      "unchecked-requirement",
      "process-requirement",
    ]);
    const target = before.findings[2];
    await dismissFinding({
      ctx: author.ctx,
      taskId: task.id,
      input: { findingId: target.id, kind: target.kind, reason: "The harness only ships PyTorch." },
    });
    const dismissed = await getTaskChecks({ ctx: author.ctx, taskId: task.id });
    expect(dismissed.findings.find((f) => f.id === target.id)?.dismissed).toEqual({
      reason: "The harness only ships PyTorch.",
    });
    await dismissFinding({
      ctx: author.ctx,
      taskId: task.id,
      input: { findingId: target.id, kind: target.kind, action: "restore", reason: "We added JAX." },
    });
    const restored = await getTaskChecks({ ctx: author.ctx, taskId: task.id });
    expect(restored.findings.find((f) => f.id === target.id)?.dismissed).toBeUndefined();
    const history = await listDismissalHistory({ ctx: author.ctx, taskId: task.id });
    expect(history.map((h) => [h.action, h.reason, h.actorName])).toEqual([
      ["dismiss", "The harness only ships PyTorch.", "Test author"],
      ["restore", "We added JAX.", "Test author"],
    ]);
    await expect(
      dismissFinding({
        ctx: author.ctx,
        taskId: task.id,
        input: { findingId: target.id, kind: target.kind, reason: "" },
      }),
    ).rejects.toMatchObject({ code: "invalid" });
  });

  it("counts open findings per task in the environment's table", async () => {
    const { author, slug } = await setUp();
    await createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: { key: "a", title: "A", prompt: "Report the accuracy." },
    });
    await createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: {
        key: "b",
        title: "B",
        prompt: "Report the accuracy.",
        criteria: [{ key: "acc", title: "Accuracy", requirements: ["Report the accuracy."] }],
      },
    });
    const rows = await listTaskSummaries({ ctx: author.ctx, environmentSlug: slug });
    expect(rows.map((r) => [r.key, r.errors, r.warnings, r.criteriaCount])).toEqual([
      ["a", 1, 0, 0],
      ["b", 0, 0, 1],
    ]);
  });
});

describe("shared rubrics", () => {
  it("cover a task's requirements and refuse a stale edit", async () => {
    const { author, slug } = await setUp();
    const shared = await createSharedRubric({
      ctx: author.ctx,
      environmentSlug: slug,
      input: {
        title: "Reporting",
        criteria: [{ key: "acc", title: "Accuracy reported", requirements: ["Report the accuracy."] }],
      },
    });
    const task = await createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: { key: "t", title: "T", prompt: "Report the accuracy.", sharedRubricId: shared.id },
    });
    expect((await getTaskChecks({ ctx: author.ctx, taskId: task.id })).findings).toEqual([]);
    expect(
      (await getTaskDetail({ ctx: author.ctx, taskId: task.id })).sharedRubric?.criteria.map((c) => c.key),
    ).toEqual(["acc"]);
    const edited = await updateRubric({
      ctx: author.ctx,
      rubricId: shared.id,
      input: { revision: 1, title: "Reporting v2" },
    });
    expect([edited.revision, edited.title, edited.usedBy]).toEqual([2, "Reporting v2", ["t"]]);
    await expect(
      updateRubric({ ctx: author.ctx, rubricId: shared.id, input: { revision: 1, title: "Stale" } }),
    ).rejects.toMatchObject({
      code: "conflict",
    });
  });
});

describe("importing tasks", () => {
  it("imports the valid rows and reports the others with row, field and message", async () => {
    const { author, slug } = await setUp();
    await createTask({ ctx: author.ctx, environmentSlug: slug, input: { key: "exists", title: "Exists" } });
    const line = (key: string, extra: object = {}) =>
      JSON.stringify({ key, title: `Task ${key}`, prompt: "Report the accuracy.", ...extra });
    const text = [
      line("one"),
      line("exists"),
      line("two", { scoring: { mode: "bogus" } }),
      line("one"),
      line("three"),
    ].join("\n");
    const result = await importTasks({ ctx: author.ctx, environmentSlug: slug, format: "jsonl", text });
    expect(result.imported).toBe(2);
    expect(result.tasks.map((t) => t.key)).toEqual(["one", "three"]);
    expect(result.errors.map((e) => [e.row, e.field])).toEqual([
      [2, "key"],
      [3, "scoring.mode"],
      [4, "key"],
    ]);
    expect(result.failed).toBe(3);
  });

  it("refuses imports and edits into an archived environment", async () => {
    const { author, slug } = await setUp();
    const task = await createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: { key: "t", title: "T" },
    });
    await setEnvironmentArchived({ ctx: author.ctx, slug, isArchived: true });
    await expect(
      importTasks({ ctx: author.ctx, environmentSlug: slug, format: "jsonl", text: "" }),
    ).rejects.toMatchObject({ code: "bad_request" });
    await expect(
      updateTask({ ctx: author.ctx, taskId: task.id, input: { revision: 1, title: "X" } }),
    ).rejects.toMatchObject({ code: "bad_request" });
  });
});

describe("file resources", () => {
  it("stores a file once per task and refuses one uploaded to another task", async () => {
    const { author, slug } = await setUp();
    const a = await createTask({ ctx: author.ctx, environmentSlug: slug, input: { key: "a", title: "A" } });
    const b = await createTask({ ctx: author.ctx, environmentSlug: slug, input: { key: "b", title: "B" } });
    const data = Buffer.from([0, 1, 2, 3, 255]);
    const first = await uploadTaskFile({
      ctx: author.ctx,
      taskId: a.id,
      file: { name: "weights.bin", mediaType: "application/octet-stream", data },
    });
    const again = await uploadTaskFile({
      ctx: author.ctx,
      taskId: a.id,
      file: { name: "weights.bin", mediaType: "application/octet-stream", data },
    });
    expect(again.fileId).toBe(first.fileId);
    expect(first.size).toBe(5);
    const resource = {
      kind: "file" as const,
      name: "weights.bin",
      mediaType: "application/octet-stream",
      fileId: first.fileId,
    };
    await updateTask({ ctx: author.ctx, taskId: a.id, input: { revision: 1, resources: [resource] } });
    const detail = await getTaskDetail({ ctx: author.ctx, taskId: a.id });
    expect(detail.content.resources).toEqual([{ ...resource, size: 5, sha256: first.sha256 }]);
    await expect(
      updateTask({ ctx: author.ctx, taskId: b.id, input: { revision: 1, resources: [resource] } }),
    ).rejects.toMatchObject({
      code: "invalid",
    });
  });
});

describe("the demo environment", () => {
  it("seeds the templates as tasks, with deliberate findings on the design task only", async () => {
    const workspace = await createTestWorkspace();
    const owner = await createTestMember(workspace, "owner");
    await seedDemoEnvironments(workspace);
    const rows = await listTaskSummaries({ ctx: owner.ctx, environmentSlug: "ai-safety-research" });
    expect(rows.map((r) => [r.key, r.errors, r.warnings])).toEqual([
      ["critique-flawed-paper", 0, 0],
      ["critique-sound-control", 0, 0],
      ["design-experiment", 2, 1],
      ["governance-impact", 0, 0],
      ["predict-redacted", 0, 0],
      ["reproduce-redacted", 0, 0],
    ]);
  });
});

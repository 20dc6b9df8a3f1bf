import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, taskRevisions } from "@/db/schema";
import { createEnvironment } from "@/lib/environments/create-environment";
import type { AppError } from "@/lib/errors";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { TaskConflictError } from "./conflict";
import { createTask } from "./create-task";
import { getTaskDetail } from "./queries";
import { restoreRevision } from "./restore-revision";
import { getRevision, listRevisions } from "./revision-queries";
import { updateTask } from "./update-task";

async function setUp() {
  const workspace = await createTestWorkspace();
  const author = await createTestMember(workspace, "author");
  const other = await createTestMember(workspace, "author");
  const slug = `env-${uniqueSuffix()}`;
  await createEnvironment({ ctx: author.ctx, input: { slug, name: "Revisions" } });
  const task = await createTask({
    ctx: author.ctx,
    environmentSlug: slug,
    input: {
      key: "t1",
      title: "First",
      prompt: "Report the final loss.",
      answerKey: "0.42",
      scoring: { mode: "threshold", threshold: 0.5 },
      criteria: [{ key: "loss", title: "Loss reported", requirements: ["Report the final loss."] }],
    },
  });
  return { workspace, author, other, slug, task };
}

describe("task revisions", () => {
  it("makes revision 1 on create and one more per save, each with author and snapshot", async () => {
    const { author, task } = await setUp();
    expect(task.revision).toBe(1);
    const saved = await updateTask({
      ctx: author.ctx,
      taskId: task.id,
      input: { revision: 1, title: "Second" },
    });
    expect(saved.revision).toBe(2);
    const revisions = await listRevisions({ ctx: author.ctx, taskId: task.id });
    expect(revisions.map((r) => [r.revision, r.authorName])).toEqual([
      [2, "Test author"],
      [1, "Test author"],
    ]);
    const first = await getRevision({ ctx: author.ctx, taskId: task.id, revision: 1 });
    expect(first.content.title).toBe("First");
    expect(first.content.answerKey).toBe("0.42");
    // The criterion's text reference was linked to the requirement's id.
    expect(first.content.criteria[0].requirements).toEqual([expect.stringMatching(/^req-/)]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, task.id), eq(auditLog.action, "task.update")));
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toMatchObject({ revision: 2, changed: ["title"] });
  });

  it("refuses a stale save with a conflict naming what changed, and writes nothing", async () => {
    const { author, other, task } = await setUp();
    await updateTask({
      ctx: other.ctx,
      taskId: task.id,
      input: { revision: 1, prompt: "Report the final loss in nats." },
    });
    const stale = updateTask({ ctx: author.ctx, taskId: task.id, input: { revision: 1, title: "Mine" } });
    const error = await stale.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskConflictError);
    const details = (error as TaskConflictError).details;
    expect(details).toMatchObject({ baseRevision: 1, currentRevision: 2, currentAuthor: "Test author" });
    expect(details.changes).toEqual([{ path: "prompt", label: "Prompt", change: "changed" }]);
    expect(details.current.prompt).toBe("Report the final loss in nats.");
    const now = await getTaskDetail({ ctx: author.ctx, taskId: task.id });
    expect([now.revision, now.content.title]).toEqual([2, "First"]);
  });

  it("lets exactly one of two concurrent saves on the same revision win: no lost update", async () => {
    const { author, other, task } = await setUp();
    const results = await Promise.allSettled([
      updateTask({ ctx: author.ctx, taskId: task.id, input: { revision: 1, answerKey: "from A" } }),
      updateTask({ ctx: other.ctx, taskId: task.id, input: { revision: 1, answerKey: "from B" } }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(TaskConflictError);
    const winner = results[0].status === "fulfilled" ? "from A" : "from B";
    const detail = await getTaskDetail({ ctx: author.ctx, taskId: task.id });
    expect([detail.revision, detail.content.answerKey]).toEqual([2, winner]);
    const rows = await db.select().from(taskRevisions).where(eq(taskRevisions.taskId, task.id));
    expect(rows.map((r) => r.revision).sort()).toEqual([1, 2]);
  });

  it("restores an old revision as a new one, keeping the history", async () => {
    const { author, task } = await setUp();
    await updateTask({
      ctx: author.ctx,
      taskId: task.id,
      input: { revision: 1, title: "Second", answerKey: "0.5" },
    });
    const restored = await restoreRevision({
      ctx: author.ctx,
      taskId: task.id,
      revision: 1,
      baseRevision: 2,
    });
    expect(restored.revision).toBe(3);
    const detail = await getTaskDetail({ ctx: author.ctx, taskId: task.id });
    expect([detail.content.title, detail.content.answerKey]).toEqual(["First", "0.42"]);
    const [latest] = await listRevisions({ ctx: author.ctx, taskId: task.id });
    expect(latest).toMatchObject({ revision: 3, restoredFrom: 1, message: "Restored revision 1" });
  });

  it("refuses a duplicate key and an invalid body with field errors", async () => {
    const { author, slug } = await setUp();
    const duplicate = await createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: { key: "t1", title: "Again" },
    }).catch((e: unknown) => e);
    expect((duplicate as AppError).code).toBe("conflict");
    const invalid = await createTask({
      ctx: author.ctx,
      environmentSlug: slug,
      input: { key: "bad key!", title: "", scoring: { mode: "threshold", threshold: null } },
    }).catch((e: unknown) => e);
    expect((invalid as AppError).code).toBe("invalid");
    expect(Object.keys((invalid as AppError).fieldErrors ?? {}).sort()).toEqual([
      "key",
      "scoring.threshold",
      "title",
    ]);
  });
});

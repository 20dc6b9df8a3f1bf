import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, environments, tasks } from "@/db/schema";
import { createEnvironment } from "@/lib/environments/create-environment";
import { importTasks } from "@/lib/tasks/transfer/import-tasks";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { runInTransaction } from "./transaction";

class Abort extends Error {}

describe("the transaction in the ctx", () => {
  it("lets a verb join its caller's transaction: the caller's rollback undoes the verb and its audit row", async () => {
    const workspace = await createTestWorkspace();
    const author = await createTestMember(workspace, "author");
    const slug = `env-${uniqueSuffix()}`;
    await expect(
      runInTransaction(author.ctx, async (_tx, txCtx) => {
        await createEnvironment({ ctx: txCtx, input: { slug, name: "Joined" } });
        throw new Abort("the caller fails after the verb");
      }),
    ).rejects.toBeInstanceOf(Abort);
    const rows = await db
      .select({ id: environments.id })
      .from(environments)
      .where(and(eq(environments.workspaceId, workspace.id), eq(environments.slug, slug)));
    expect(rows).toEqual([]);
    const audit = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, workspace.id), eq(auditLog.action, "environment.create")));
    expect(audit).toEqual([]);
  });

  it("imports tasks and their audit row in one transaction; bad rows roll back to their savepoint only", async () => {
    const workspace = await createTestWorkspace();
    const author = await createTestMember(workspace, "author");
    const slug = `env-${uniqueSuffix()}`;
    const environment = await createEnvironment({ ctx: author.ctx, input: { slug, name: "Import" } });
    const line = (key: string, extra: object = {}) => JSON.stringify({ key, title: `Task ${key}`, ...extra });
    const text = [line("a"), line("b", { scoring: { mode: "bogus" } }), line("c")].join("\n");
    await expect(
      runInTransaction(author.ctx, async (_tx, txCtx) => {
        const result = await importTasks({ ctx: txCtx, environmentSlug: slug, format: "jsonl", text });
        expect(result.imported).toBe(2);
        throw new Abort("roll the whole import back");
      }),
    ).rejects.toBeInstanceOf(Abort);
    const countTasks = async () =>
      (await db.select({ key: tasks.key }).from(tasks).where(eq(tasks.environmentId, environment.id))).length;
    const countAudit = async () =>
      (
        await db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.workspaceId, workspace.id), eq(auditLog.action, "task.import")))
      ).length;
    expect(await countTasks()).toBe(0);
    expect(await countAudit()).toBe(0);

    const result = await importTasks({ ctx: author.ctx, environmentSlug: slug, format: "jsonl", text });
    expect(result).toMatchObject({ imported: 2, failed: 1 });
    expect(await countTasks()).toBe(2);
    expect(await countAudit()).toBe(1);
  });

  it("parses the import's input with zod", async () => {
    const workspace = await createTestWorkspace();
    const author = await createTestMember(workspace, "author");
    await expect(
      importTasks({ ctx: author.ctx, environmentSlug: "x", format: "xml" as never, text: "" }),
    ).rejects.toMatchObject({ code: "invalid" });
  });
});

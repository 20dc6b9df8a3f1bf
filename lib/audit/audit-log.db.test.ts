import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { createApiKey } from "@/lib/accounts/api-keys";
import { createEnvironment } from "@/lib/environments/create-environment";
import { AppError } from "@/lib/errors";
import { createTestMember, createTestWorkspace, uniqueSuffix } from "@/lib/testing/factories";
import { AUDIT_PAGE_SIZE, listAuditLog } from "./queries";

async function listAll(ctx: Parameters<typeof listAuditLog>[0]["ctx"]) {
  const seen: Awaited<ReturnType<typeof listAuditLog>>["entries"] = [];
  let before: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const page = await listAuditLog({ ctx, input: { before } });
    seen.push(...page.entries);
    if (!page.nextCursor) return { entries: seen, pages: pages + 1 };
    before = page.nextCursor;
  }
  throw new Error("the audit log never ended");
}

describe("the audit log page", () => {
  it("pages through every entry once, newest first, even when many share one timestamp", async () => {
    const workspace = await createTestWorkspace();
    const { ctx } = await createTestMember(workspace, "owner");
    const sameMoment = new Date("2026-01-02T03:04:05.678Z");
    // Microseconds, as now() writes them: a cursor rounded to milliseconds would skip rows.
    const sameMicrosecond = sql`'2026-01-02T03:04:05.678912Z'::timestamptz`;
    await db.insert(auditLog).values(
      Array.from({ length: AUDIT_PAGE_SIZE + 30 }, (_, i) => ({
        workspaceId: workspace.id,
        actorKind: "cli",
        action: `tie.${i}`,
        targetType: "workspace",
        // More rows at one instant than a page holds: the cursor must break the tie by id.
        createdAt: i < AUDIT_PAGE_SIZE + 10 ? sameMicrosecond : new Date(sameMoment.getTime() - i * 1000),
      })),
    );
    const { entries, pages } = await listAll(ctx);
    const ids = entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(entries.filter((e) => e.action.startsWith("tie.")).length).toBe(AUDIT_PAGE_SIZE + 30);
    expect(pages).toBe(2);
    const times = entries.map((e) => e.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("names people, keys and things, links what has a page, and never shows another workspace", async () => {
    const workspace = await createTestWorkspace();
    const owner = await createTestMember(workspace, "owner");
    const slug = `named-${uniqueSuffix()}`;
    await createEnvironment({ ctx: owner.ctx, input: { slug, name: "Named environment" } });
    const key = await createApiKey({ ctx: owner.ctx, input: { name: "ingest", role: "author" } });
    await db.insert(auditLog).values({
      workspaceId: workspace.id,
      actorKind: "api-key",
      actorApiKeyId: key.id,
      action: "run.create",
      targetType: "run",
      targetId: "00000000-0000-4000-8000-000000000000",
    });
    const other = await createTestWorkspace();
    const stranger = await createTestMember(other, "owner");
    await createEnvironment({
      ctx: stranger.ctx,
      input: { slug: `other-${uniqueSuffix()}`, name: "Not yours" },
    });

    const { entries } = await listAuditLog({ ctx: owner.ctx, input: {} });
    const created = entries.find((e) => e.action === "environment.create");
    expect(created?.actor).toBe(owner.email);
    expect(created?.target).toEqual({
      type: "environment",
      label: "Named environment",
      href: `/environments/${slug}`,
    });
    expect(entries.find((e) => e.action === "api-key.create")?.target).toEqual({
      type: "api key",
      label: "ingest",
      href: "/settings/api-keys",
    });
    // A target that is gone keeps its kind and a short id; an API key actor is named by the key.
    const gone = entries.find((e) => e.action === "run.create");
    expect(gone?.actor).toBe("API key ingest");
    expect(gone?.target).toEqual({ type: "run", label: "00000000", href: null });
    expect(entries.map((e) => e.target.label)).not.toContain("Not yours");
  });

  it("starts again from the newest entry when the cursor is not one", async () => {
    const workspace = await createTestWorkspace();
    const { ctx } = await createTestMember(workspace, "owner");
    const page = await listAuditLog({ ctx, input: { before: "'; drop table audit_log; --" } });
    expect(page.entries.map((e) => e.action)).toContain("workspace.create");
  });

  it("is for owners only", async () => {
    const workspace = await createTestWorkspace();
    const { ctx } = await createTestMember(workspace, "author");
    await expect(listAuditLog({ ctx, input: {} })).rejects.toBeInstanceOf(AppError);
  });
});

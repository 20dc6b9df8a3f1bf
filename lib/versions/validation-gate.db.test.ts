import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, jobs } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { hashValidatedContent } from "@/lib/grader-validation/content-hash";
import type { ValidationReport } from "@/lib/grader-validation/report";
import { approveEnvironment } from "./approve-environment";
import { freezeSnapshot } from "./freeze-snapshot";
import { submitEnvironment } from "./submit-environment";
import { createShipFixture } from "./testing/ship-fixture";

// The approval gate: a failed validation of exactly the draft being approved blocks approval
// until the owner writes a reason; the decision is kept in the approval's audit row.

async function recordValidation(fixture: Awaited<ReturnType<typeof createShipFixture>>, ok: boolean) {
  const snapshot = await freezeSnapshot(db, {
    environment: fixture.environment,
    version: 1,
    approvedAt: new Date(),
    approvedBy: "validation",
    report: null,
  });
  const report: ValidationReport = {
    ok,
    tasks: snapshot.tasks.map((t) => ({
      task: t.key,
      format: "harbor",
      oracle: ok ? 1 : 0.5,
      null: 0,
      ok,
      reason: ok ? null : "the reference solution scores 0.5, not 1",
    })),
    skipped: [],
    judge: "stub",
    judgeNote: "stub",
  };
  await db.insert(jobs).values({
    workspaceId: fixture.workspace.id,
    kind: "validate",
    status: "succeeded",
    payload: { slug: fixture.slug, version: null, format: null },
    actor: { kind: "cli" },
    startedBy: "test",
    maxAttempts: 1,
    result: { ...report, contentSha: hashValidatedContent(snapshot) },
  });
}

async function approvalDetails(workspaceId: string) {
  const [row] = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.workspaceId, workspaceId), eq(auditLog.action, "environment.approve")))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row.details;
}

describe("the validation gate on approval", () => {
  it("blocks a draft whose validation failed, with the reason, until the owner writes why", async () => {
    const fixture = await createShipFixture();
    const { owner, author, slug } = fixture;
    await submitEnvironment({ ctx: author.ctx, slug });
    await recordValidation(fixture, false);
    const blocked = await approveEnvironment({ ctx: owner.ctx, slug }).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(AppError);
    expect((blocked as AppError).code).toBe("conflict");
    expect((blocked as AppError).message).toMatch(
      /Approval is blocked: validation failed for 2 .*reference solution scores 0\.5/,
    );
    await expect(approveEnvironment({ ctx: owner.ctx, slug, overrideReason: "too short" })).rejects.toThrow(
      /Approval is blocked/,
    );
    const reason = "The judge carries these tasks; checks come in v2.";
    expect(await approveEnvironment({ ctx: owner.ctx, slug, overrideReason: reason })).toEqual({
      version: 1,
    });
    expect(await approvalDetails(fixture.workspace.id)).toMatchObject({
      validation: { status: "failed", failedRows: 2, overrideReason: reason },
    });
  });

  it("records a passed validation, and approves an unvalidated draft saying so", async () => {
    const passed = await createShipFixture();
    await submitEnvironment({ ctx: passed.author.ctx, slug: passed.slug });
    await recordValidation(passed, true);
    expect(await approveEnvironment({ ctx: passed.owner.ctx, slug: passed.slug })).toEqual({ version: 1 });
    expect(await approvalDetails(passed.workspace.id)).toMatchObject({ validation: { status: "passed" } });

    const fresh = await createShipFixture();
    await submitEnvironment({ ctx: fresh.author.ctx, slug: fresh.slug });
    await approveEnvironment({ ctx: fresh.owner.ctx, slug: fresh.slug });
    expect(await approvalDetails(fresh.workspace.id)).toMatchObject({ validation: { status: "not-run" } });
  });
});

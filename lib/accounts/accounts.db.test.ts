import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, memberships } from "@/db/schema";
import { resolveSession, signIn } from "@/lib/auth/sessions";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { createTestMember, createTestWorkspace, TEST_PASSWORD, uniqueSuffix } from "@/lib/testing/factories";
import { addMember } from "./add-member";
import { createApiKey, resolveApiKey, revokeApiKey } from "./api-keys";
import { changeMemberRole, removeMember } from "./change-member";
import { createWorkspace } from "./create-workspace";
import { acceptInvite, createInvite } from "./invites";

const expectCode = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
};

describe("workspaces and members", () => {
  it("refuses a second workspace with the same slug", async () => {
    const workspace = await createTestWorkspace();
    await expectCode(
      createWorkspace({ actor: { kind: "cli" }, input: { slug: workspace.slug, name: "Again" } }),
      "conflict",
    );
  });

  it("adds a member, who can then sign in and sees the workspace with their role", async () => {
    const workspace = await createTestWorkspace();
    const { ctx } = await createTestMember(workspace, "owner");
    const email = `new-${uniqueSuffix()}@test.studio`;
    await addMember({ ctx, input: { email, name: "New", password: "s3cret-pass", role: "reviewer" } });
    const { token } = await signIn({ input: { email, password: "s3cret-pass" }, address: "test" });
    const session = await resolveSession(token);
    expect(session?.ctx?.workspace.slug).toBe(workspace.slug);
    expect(session?.ctx?.role).toBe("reviewer");
    const audit = await db.select().from(auditLog).where(eq(auditLog.workspaceId, workspace.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["workspace.create", "member.grant"]));
  });

  it("never lets a workspace lose its last owner", async () => {
    const workspace = await createTestWorkspace();
    const owner = await createTestMember(workspace, "owner");
    await expectCode(
      changeMemberRole({ ctx: owner.ctx, input: { userId: owner.user.id, role: "author" } }),
      "conflict",
    );
    await expectCode(removeMember({ ctx: owner.ctx, input: { userId: owner.user.id } }), "conflict");
    const second = await createTestMember(workspace, "owner");
    await removeMember({ ctx: owner.ctx, input: { userId: second.user.id } });
    const left = await db.select().from(memberships).where(eq(memberships.workspaceId, workspace.id));
    expect(left).toHaveLength(1);
  });

  it("hides member management from non-owners", async () => {
    const workspace = await createTestWorkspace();
    const author = await createTestMember(workspace, "author");
    await expectCode(
      addMember({
        ctx: author.ctx,
        input: { email: "x@test.studio", name: "", password: "s3cret-pass", role: "owner" },
      }),
      "not_found",
    );
  });

  it("accepts an invite once", async () => {
    const workspace = await createTestWorkspace();
    const owner = await createTestMember(workspace, "owner");
    const email = `invited-${uniqueSuffix()}@test.studio`;
    const { path } = await createInvite({ ctx: owner.ctx, input: { email, role: "buyer" } });
    const token = path.split("/").pop() as string;
    const { user } = await acceptInvite({ input: { token, name: "Invited", password: "s3cret-pass" } });
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.workspaceId, workspace.id)));
    expect(membership.role).toBe("buyer");
    await expectCode(acceptInvite({ input: { token, name: "Again", password: "s3cret-pass" } }), "not_found");
  });
});

describe("sign-in", () => {
  it("rejects a wrong password and rate limits an account after repeated failures", async () => {
    const workspace = await createTestWorkspace();
    const { email } = await createTestMember(workspace, "author");
    for (let i = 0; i < env.LOGIN_MAX_ATTEMPTS; i++) {
      await expectCode(
        signIn({ input: { email, password: "wrong-password" }, address: `a${i}` }),
        "unauthorized",
      );
    }
    await expectCode(
      signIn({ input: { email, password: TEST_PASSWORD }, address: "elsewhere" }),
      "rate_limited",
    );
  });

  it("answers the same for an unknown account as for a wrong password", async () => {
    await expectCode(
      signIn({
        input: { email: `nobody-${uniqueSuffix()}@test.studio`, password: "whatever1" },
        address: "x",
      }),
      "unauthorized",
    );
  });
});

describe("API keys", () => {
  it("are stored hashed, act with their role, and stop working when revoked", async () => {
    const workspace = await createTestWorkspace();
    const owner = await createTestMember(workspace, "owner");
    const created = await createApiKey({ ctx: owner.ctx, input: { name: "ingest", role: "author" } });
    expect(created.key).toMatch(/^es_/);
    const ctx = await resolveApiKey(created.key);
    expect(ctx?.role).toBe("author");
    expect(ctx?.workspace).toEqual({ id: workspace.id, slug: workspace.slug, name: workspace.name });
    expect(ctx?.actor).toEqual({ kind: "api-key", apiKeyId: created.id, name: "ingest" });
    expect(await resolveApiKey(`${created.key}x`)).toBeNull();
    await revokeApiKey({ ctx: owner.ctx, input: { id: created.id } });
    expect(await resolveApiKey(created.key)).toBeNull();
    const stored = await db.query.apiKeys.findFirst({ where: (k, { eq }) => eq(k.id, created.id) });
    expect(stored?.keyHash).not.toContain(created.key);
  });
});

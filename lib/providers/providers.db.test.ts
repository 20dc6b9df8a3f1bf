import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, providers } from "@/db/schema";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { getProviderConfig, listProviders } from "./queries";
import { createProvider, setProviderArchived, updateProvider } from "./save-provider";
import { testProviderConnection } from "./test-connection";
import { reply, type StandInProvider, startStandInProvider } from "./testing/stand-in-provider";

let standIn: StandInProvider;
beforeAll(async () => {
  standIn = await startStandInProvider();
});
afterAll(() => standIn.close());

async function setup() {
  const workspace = await createTestWorkspace();
  const owner = await createTestMember(workspace, "owner");
  const author = await createTestMember(workspace, "author");
  const reviewer = await createTestMember(workspace, "reviewer");
  return { workspace, owner, author, reviewer };
}

describe("providers", () => {
  it("stores the key encrypted, never returns it, and decrypts it only for a call", async () => {
    const { owner, author } = await setup();
    const secret = "sk-test-very-secret-1234";
    const created = await createProvider({
      ctx: owner.ctx,
      input: {
        name: "judge-model",
        kind: "openai",
        baseUrl: standIn.baseUrl("openai"),
        model: "m",
        apiKey: secret,
      },
    });
    expect(JSON.stringify(created)).not.toContain(secret);
    expect(created).toMatchObject({ hasApiKey: true, concurrency: 4, requestsPerMinute: null });

    const [row] = await db.select().from(providers).where(eq(providers.id, created.id));
    expect(row.apiKeyCiphertext).toMatch(/^v1\./);
    expect(row.apiKeyCiphertext).not.toContain(secret);
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(JSON.stringify(audits)).not.toContain(secret);

    const listed = await listProviders({ ctx: author.ctx });
    expect(listed.map((p) => p.name)).toEqual(["judge-model"]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await getProviderConfig({ ctx: owner.ctx, id: created.id })).apiKey).toBe(secret);
  });

  it("keeps the key when an edit leaves it blank, replaces or clears it on request", async () => {
    const { owner } = await setup();
    const created = await createProvider({
      ctx: owner.ctx,
      input: { name: "p", kind: "anthropic", model: "claude", apiKey: "first-key" },
    });
    expect(created.baseUrl).toBe("https://api.anthropic.com");
    const base = {
      id: created.id,
      name: "p",
      kind: "anthropic" as const,
      baseUrl: created.baseUrl,
      model: "claude-2",
    };
    await updateProvider({ ctx: owner.ctx, input: { ...base, apiKey: "" } });
    expect((await getProviderConfig({ ctx: owner.ctx, id: created.id })).apiKey).toBe("first-key");
    await updateProvider({ ctx: owner.ctx, input: { ...base, apiKey: "second-key" } });
    expect((await getProviderConfig({ ctx: owner.ctx, id: created.id })).apiKey).toBe("second-key");
    const cleared = await updateProvider({ ctx: owner.ctx, input: { ...base, clearApiKey: true } });
    expect(cleared.hasApiKey).toBe(false);
    expect(cleared.model).toBe("claude-2");
  });

  it("refuses duplicate names, bad URLs, and non-owners", async () => {
    const { owner, author, reviewer } = await setup();
    const input = { name: "dup", kind: "openai" as const, model: "m" };
    await createProvider({ ctx: owner.ctx, input });
    await expect(createProvider({ ctx: owner.ctx, input })).rejects.toMatchObject({ code: "conflict" });
    await expect(
      createProvider({ ctx: owner.ctx, input: { ...input, name: "x", baseUrl: "ftp://host" } }),
    ).rejects.toMatchObject({ code: "invalid" });
    await expect(createProvider({ ctx: author.ctx, input: { ...input, name: "y" } })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(listProviders({ ctx: reviewer.ctx })).rejects.toMatchObject({ code: "not_found" });
  });

  it("hides archived providers from the list unless asked", async () => {
    const { owner } = await setup();
    const created = await createProvider({
      ctx: owner.ctx,
      input: { name: "old", kind: "openai", model: "m" },
    });
    await setProviderArchived({ ctx: owner.ctx, id: created.id, isArchived: true });
    expect(await listProviders({ ctx: owner.ctx })).toEqual([]);
    expect(await listProviders({ ctx: owner.ctx, includeArchived: true })).toHaveLength(1);
  });

  it("tests a connection and reports a failure in words", async () => {
    const { owner } = await setup();
    const created = await createProvider({
      ctx: owner.ctx,
      input: {
        name: "stand-in",
        kind: "anthropic",
        baseUrl: standIn.baseUrl("anthropic"),
        model: "claude",
        apiKey: "k",
      },
    });
    standIn.enqueue(reply.text("OK"));
    expect(await testProviderConnection({ ctx: owner.ctx, id: created.id })).toMatchObject({
      ok: true,
      text: "OK",
    });
    standIn.enqueue(reply.status(401, { message: "invalid x-api-key" }));
    expect(await testProviderConnection({ ctx: owner.ctx, id: created.id })).toMatchObject({
      ok: false,
      kind: "auth",
    });
  });
});

import "server-only";
import type { Executor } from "@/db/client";
import { db } from "@/db/client";
import type { Actor, Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";
import { parseInput } from "@/lib/validation";
import { insertWorkspace } from "./account-rows";
import { type CreateWorkspaceInput, createWorkspaceInput } from "./schemas";

/** Creates a workspace; a signed-in creator becomes its owner. From the UI only owners may create. */
export async function createWorkspace({
  actor,
  ctx,
  input,
}: {
  actor: Actor;
  ctx?: Ctx;
  input: CreateWorkspaceInput;
}) {
  if (ctx) assertCan(ctx, "workspace.manage");
  const data = parseInput(createWorkspaceInput, input);
  return db.transaction((tx) => insertWorkspace(tx, actor, data));
}

export async function findWorkspaceBySlug(executor: Executor, slug: string) {
  return (await executor.query.workspaces.findFirst({ where: (w, { eq }) => eq(w.slug, slug) })) ?? null;
}

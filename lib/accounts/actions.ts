"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getClientAddress, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/current";
import { type ActionResult, requireCtx, runAction } from "@/lib/auth/run-action";
import { deleteSession, signIn as openSession, switchSessionWorkspace } from "@/lib/auth/sessions";
import { AppError } from "@/lib/errors";
import { formFields, formText } from "@/lib/form-fields";
import { parseInput } from "@/lib/validation";
import { addMember as addMemberVerb } from "./add-member";
import { createApiKey as createApiKeyVerb, revokeApiKey as revokeApiKeyVerb } from "./api-keys";
import { changeMemberRole as changeMemberRoleVerb, removeMember as removeMemberVerb } from "./change-member";
import { createWorkspace as createWorkspaceVerb } from "./create-workspace";
import {
  acceptInvite as acceptInviteVerb,
  createInvite as createInviteVerb,
  revokeInvite as revokeInviteVerb,
} from "./invites";
import { addMemberInput, changeMemberRoleInput, createApiKeyInput, createInviteInput } from "./schemas";

// Server actions for accounts. Each one is a public endpoint: runAction checks its rule first.

function safeNext(next: string): string {
  return next.startsWith("/") && !next.startsWith("//") ? next : "/";
}

export async function signIn(_prev: unknown, form: FormData): Promise<ActionResult<null>> {
  const result = await runAction("signIn", async () => {
    const { token, expiresAt } = await openSession({
      input: { email: formText(form, "email"), password: formText(form, "password") },
      address: await getClientAddress(),
    });
    (await cookies()).set(SESSION_COOKIE, token, sessionCookieOptions(expiresAt));
    return null;
  });
  if (result.ok) redirect(safeNext(formText(form, "next") || "/"));
  return result;
}

export async function signOut(): Promise<void> {
  await runAction("signOut", async () => {
    const store = await cookies();
    const token = store.get(SESSION_COOKIE)?.value;
    if (token) await deleteSession(token);
    store.delete(SESSION_COOKIE);
    return null;
  });
  redirect("/login");
}

export async function switchWorkspace(form: FormData): Promise<void> {
  await runAction("switchWorkspace", async ({ session }) => {
    if (!session) throw new AppError("unauthorized", "Sign in first.");
    await switchSessionWorkspace(session, formText(form, "workspace"));
    return null;
  });
  revalidatePath("/", "layout");
  redirect("/");
}

export async function acceptInvite(_prev: unknown, form: FormData): Promise<ActionResult<null>> {
  const result = await runAction("acceptInvite", async () => {
    const input = {
      token: formText(form, "token"),
      name: formText(form, "name"),
      password: formText(form, "password"),
    };
    const { user } = await acceptInviteVerb({ input });
    const { token, expiresAt } = await openSession({
      input: { email: user.email, password: input.password },
      address: await getClientAddress(),
    });
    (await cookies()).set(SESSION_COOKIE, token, sessionCookieOptions(expiresAt));
    return null;
  });
  if (result.ok) redirect("/");
  return result;
}

export async function createWorkspace(_prev: unknown, form: FormData) {
  return runAction("createWorkspace", async (session) => {
    const ctx = requireCtx(session);
    const workspace = await createWorkspaceVerb({
      actor: ctx.actor,
      ctx,
      input: { slug: formText(form, "slug"), name: formText(form, "name") },
    });
    revalidatePath("/", "layout");
    return { slug: workspace.slug };
  });
}

export async function addMember(_prev: unknown, form: FormData) {
  return runAction("addMember", async (session) => {
    const user = await addMemberVerb({
      ctx: requireCtx(session),
      input: parseInput(addMemberInput, formFields(form)),
    });
    revalidatePath("/settings");
    return { email: user.email };
  });
}

export async function createInvite(_prev: unknown, form: FormData) {
  return runAction("createInvite", async (session) => {
    const invite = await createInviteVerb({
      ctx: requireCtx(session),
      input: parseInput(createInviteInput, formFields(form)),
    });
    revalidatePath("/settings");
    return invite;
  });
}

export async function revokeInvite(_prev: unknown, form: FormData) {
  return runAction("revokeInvite", async (session) => {
    await revokeInviteVerb({ ctx: requireCtx(session), input: { id: formText(form, "id") } });
    revalidatePath("/settings");
    return null;
  });
}

export async function changeMemberRole(_prev: unknown, form: FormData) {
  return runAction("changeMemberRole", async (session) => {
    await changeMemberRoleVerb({
      ctx: requireCtx(session),
      input: parseInput(changeMemberRoleInput, formFields(form)),
    });
    revalidatePath("/settings");
    return null;
  });
}

export async function removeMember(_prev: unknown, form: FormData) {
  return runAction("removeMember", async (session) => {
    await removeMemberVerb({ ctx: requireCtx(session), input: { userId: formText(form, "userId") } });
    revalidatePath("/settings");
    return null;
  });
}

export async function createApiKey(_prev: unknown, form: FormData) {
  return runAction("createApiKey", async (session) => {
    const key = await createApiKeyVerb({
      ctx: requireCtx(session),
      input: parseInput(createApiKeyInput, formFields(form)),
    });
    revalidatePath("/settings/api-keys");
    return key;
  });
}

export async function revokeApiKey(_prev: unknown, form: FormData) {
  return runAction("revokeApiKey", async (session) => {
    await revokeApiKeyVerb({ ctx: requireCtx(session), input: { id: formText(form, "id") } });
    revalidatePath("/settings/api-keys");
    return null;
  });
}

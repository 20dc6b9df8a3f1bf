import "server-only";
import { and, count, eq, gt, lt } from "drizzle-orm";
import { db } from "@/db/client";
import { loginAttempts, memberships, sessions } from "@/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import type { Ctx } from "./context";
import { getDummyPasswordHash, verifyPassword } from "./password";
import { type SignInInput, signInInput } from "./schemas";
import { createSecretToken, hashToken } from "./tokens";

const ATTEMPT_WINDOW_MS = 15 * 60_000;

/** Checks the password (rate limited per account and per address) and opens a server-side session. */
export async function signIn({ input, address }: { input: SignInInput; address: string }) {
  const data = parseInput(signInInput, input);
  const since = new Date(Date.now() - ATTEMPT_WINDOW_MS);
  const [{ byEmail }] = await db
    .select({ byEmail: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, data.email), gt(loginAttempts.createdAt, since)));
  const [{ byAddress }] = await db
    .select({ byAddress: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.address, address), gt(loginAttempts.createdAt, since)));
  if (byEmail >= env.LOGIN_MAX_ATTEMPTS || byAddress >= env.LOGIN_MAX_ATTEMPTS * 5) {
    throw new AppError("rate_limited", "Too many sign-in attempts. Wait 15 minutes and try again.");
  }
  const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, data.email) });
  const isValid = await verifyPassword(data.password, user?.passwordHash ?? (await getDummyPasswordHash()));
  if (!user || !isValid) {
    await db.insert(loginAttempts).values({ email: data.email, address });
    throw new AppError("unauthorized", "Wrong email or password.");
  }
  await db.delete(loginAttempts).where(eq(loginAttempts.email, data.email));
  const firstMembership = await db.query.memberships.findFirst({
    where: eq(memberships.userId, user.id),
    orderBy: (m, { asc }) => [asc(m.createdAt)],
  });
  const token = createSecretToken();
  const expiresAt = new Date(Date.now() + env.SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    workspaceId: firstMembership?.workspaceId ?? null,
    expiresAt,
  });
  // Housekeeping on the way: drop expired sessions and old attempts.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, since));
  return { token, expiresAt };
}

export async function deleteSession(token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export type SessionInfo = {
  sessionId: string;
  user: { id: string; email: string; name: string };
  /** null when the user belongs to no workspace (or was removed from the current one). */
  ctx: Ctx | null;
  workspaces: { id: string; slug: string; name: string; role: Ctx["role"] }[];
};

/** Resolves a session cookie to the user, their workspaces and the current workspace context. */
export async function resolveSession(token: string): Promise<SessionInfo | null> {
  const session = await db.query.sessions.findFirst({
    where: (s, { and, eq, gt }) => and(eq(s.tokenHash, hashToken(token)), gt(s.expiresAt, new Date())),
    with: { user: true },
  });
  if (!session) return null;
  const rows = await db.query.memberships.findMany({
    where: eq(memberships.userId, session.userId),
    with: { workspace: true },
    orderBy: (m, { asc }) => [asc(m.createdAt)],
  });
  const workspaces = rows.map((m) => ({ ...pickWorkspace(m.workspace), role: m.role }));
  const current = workspaces.find((w) => w.id === session.workspaceId) ?? workspaces[0];
  const { user } = session;
  const actor = { kind: "user" as const, userId: user.id, email: user.email, name: user.name };
  return {
    sessionId: session.id,
    user: { id: user.id, email: user.email, name: user.name },
    ctx: current ? { actor, workspace: pickWorkspace(current), role: current.role } : null,
    workspaces,
  };
}

function pickWorkspace(w: { id: string; slug: string; name: string }) {
  return { id: w.id, slug: w.slug, name: w.name };
}

/** Points the session at another of the user's workspaces. */
export async function switchSessionWorkspace(info: SessionInfo, workspaceSlug: string): Promise<void> {
  const target = info.workspaces.find((w) => w.slug === workspaceSlug);
  if (!target) throw new AppError("not_found", "You are not a member of that workspace.");
  await db.update(sessions).set({ workspaceId: target.id }).where(eq(sessions.id, info.sessionId));
}

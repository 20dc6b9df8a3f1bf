import "server-only";
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { env } from "@/lib/env";
import { PAGE_RULES, type PagePath, type RouteRule } from "@/lib/permissions/routes";
import { can } from "@/lib/permissions/rules";
import { resolveClientAddress } from "./client-address";
import type { Ctx } from "./context";
import { resolveSession, type SessionInfo } from "./sessions";

// Next.js glue: the session cookie, and the checks every page runs through the rule table.

export const SESSION_COOKIE = "studio_session";

export function sessionCookieOptions(expiresAt: Date) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env.SECURE_COOKIES,
    path: "/",
    expires: expiresAt,
  };
}

/** The signed-in session of this request, resolved once per request. */
export const getSessionInfo = cache(async (): Promise<SessionInfo | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? resolveSession(token) : null;
});

/** The address the sign-in rate limit counts by (lib/auth/client-address.ts says whose). */
export async function getClientAddress(): Promise<string> {
  return resolveClientAddress(await headers(), { trustProxy: env.TRUST_PROXY });
}

/** Whether a session may use a rule; `null` session means signed out. */
export function isAllowed(rule: RouteRule, session: SessionInfo | null): boolean {
  if (rule === "public") return true;
  if (!session) return false;
  if (rule === "signed-in") return true;
  return session.ctx !== null && can(session.ctx.role, rule);
}

/**
 * Every page starts here with its own path: signed-out users go to /login, and a role without the
 * page's permission gets a 404 (not a 403, which would reveal that the page exists).
 */
export async function getPageContext(path: PagePath): Promise<{ session: SessionInfo; ctx: Ctx | null }> {
  const rule: RouteRule = PAGE_RULES[path];
  const session = await getSessionInfo();
  if (!session) redirect(`/login?next=${encodeURIComponent(path)}`);
  if (!isAllowed(rule, session)) notFound();
  return { session, ctx: session.ctx };
}

/** Like getPageContext, for pages that need a workspace context (every permission-ruled page). */
export async function getWorkspacePageContext(path: PagePath): Promise<{ session: SessionInfo; ctx: Ctx }> {
  const { session, ctx } = await getPageContext(path);
  if (!ctx) notFound();
  return { session, ctx };
}

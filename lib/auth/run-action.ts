import "server-only";
import { AppError, type FieldErrors, toPublicError } from "@/lib/errors";
import { ACTION_RULES, type ActionName } from "@/lib/permissions/routes";
import type { Ctx } from "./context";
import { getSessionInfo, isAllowed } from "./current";
import type { SessionInfo } from "./sessions";

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: { code: string; message: string; fieldErrors?: FieldErrors } };

type ActionSession = { session: SessionInfo | null; ctx: Ctx | null };

/**
 * The boundary of every server action (each is a public HTTP endpoint): checks the action's rule in
 * the table, runs it, and turns errors into `{ ok: false }` without leaking internals.
 */
export async function runAction<T>(
  name: ActionName,
  run: (session: ActionSession) => Promise<T>,
): Promise<ActionResult<T>> {
  try {
    const session = await getSessionInfo();
    if (!isAllowed(ACTION_RULES[name], session)) {
      throw session
        ? new AppError("not_found", "Not found.")
        : new AppError("unauthorized", "Sign in first.");
    }
    return { ok: true, data: await run({ session, ctx: session?.ctx ?? null }) };
  } catch (error) {
    // next/navigation's redirect() and notFound() work by throwing; let them through.
    if (isNextControlFlow(error)) throw error;
    if (!(error instanceof AppError)) console.error(`[action ${name}]`, error);
    return { ok: false, error: toPublicError(error) };
  }
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return (
    typeof digest === "string" && (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR"))
  );
}

/** For actions whose rule is a permission: the workspace context, guaranteed present by the rule check. */
export function requireCtx(session: ActionSession): Ctx {
  if (!session.ctx) throw new AppError("not_found", "Not found.");
  return session.ctx;
}

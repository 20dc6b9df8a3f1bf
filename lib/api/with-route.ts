import "server-only";
import type { z } from "zod";
import { resolveApiKey } from "@/lib/accounts/api-keys";
import type { Ctx } from "@/lib/auth/context";
import { getSessionInfo } from "@/lib/auth/current";
import { AppError, ERROR_STATUS, toPublicError } from "@/lib/errors";
import { API_RULES, type ApiRoute, type RouteRule } from "@/lib/permissions/routes";
import { can } from "@/lib/permissions/rules";
import { parseInput } from "@/lib/validation";

type Handler<Q> = (args: {
  request: Request;
  ctx: Ctx | null;
  query: Q;
  params: Record<string, string>;
}) => Promise<Response | unknown> | Response | unknown;

/** A Bearer API key, else the browser session. */
async function resolveRequestContext(
  request: Request,
): Promise<{ ctx: Ctx | null; hasCredentials: boolean }> {
  const auth = request.headers.get("authorization");
  if (auth) {
    const match = /^Bearer\s+(\S+)$/i.exec(auth);
    const ctx = match ? await resolveApiKey(match[1]) : null;
    if (!ctx) throw new AppError("unauthorized", "The API key is missing, malformed, unknown or revoked.");
    return { ctx, hasCredentials: true };
  }
  const session = await getSessionInfo();
  return { ctx: session?.ctx ?? null, hasCredentials: session !== null };
}

function checkRule(rule: RouteRule, ctx: Ctx | null, hasCredentials: boolean): void {
  if (rule === "public") return;
  if (!hasCredentials)
    throw new AppError("unauthorized", "Send an API key as 'Authorization: Bearer <key>'.");
  if (rule === "signed-in") return;
  if (!ctx || !can(ctx.role, rule)) throw new AppError("not_found", "Not found.");
}

/**
 * The boundary of every /api route handler: authenticates, checks the route's rule from the table,
 * parses the query, and maps errors to `{"error":{code,message}}` with the right status.
 */
export function withRoute<Q = Record<string, never>>(
  route: ApiRoute,
  options: { query?: z.ZodType<Q> },
  handler: Handler<Q>,
) {
  return async (request: Request, context: { params?: Promise<Record<string, string>> } = {}) => {
    try {
      const rule: RouteRule = API_RULES[route];
      const { ctx, hasCredentials } =
        rule === "public" ? { ctx: null, hasCredentials: false } : await resolveRequestContext(request);
      checkRule(rule, ctx, hasCredentials);
      const url = new URL(request.url);
      const query = options.query
        ? parseInput(options.query, Object.fromEntries(url.searchParams))
        : ({} as Q);
      const params = (await context.params) ?? {};
      const result = await handler({ request, ctx, query, params });
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      return errorResponse(error, route);
    }
  };
}

export function errorResponse(error: unknown, where: string): Response {
  if (!(error instanceof AppError)) console.error(`[api ${where}]`, error);
  const { code, message, fieldErrors } = toPublicError(error);
  const retryAfter = error instanceof AppError ? error.retryAfterSeconds : undefined;
  return Response.json(
    { error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) } },
    {
      status: ERROR_STATUS[code],
      headers: retryAfter !== undefined ? { "Retry-After": String(retryAfter) } : undefined,
    },
  );
}

import "server-only";
import { z } from "zod";
import { resolveApiKey } from "@/lib/accounts/api-keys";
import type { Ctx } from "@/lib/auth/context";
import { getSessionInfo } from "@/lib/auth/current";
import { env } from "@/lib/env";
import { AppError, ERROR_STATUS, toPublicError } from "@/lib/errors";
import { MAX_JSON_BODY_BYTES, readJsonBody } from "@/lib/http/read-body";
import { API_RULES, type ApiRoute, type RouteRule } from "@/lib/permissions/routes";
import { can } from "@/lib/permissions/rules";
import { parseInput } from "@/lib/validation";
import { listOperations } from "./openapi";
import { listParamNames, type PathParams, paramSchema } from "./path-params";

// The HTTP boundary of every /api route (docs/conventions.md, Reads, writes and the ctx): authenticate, check the route's rule, parse path
// parameters, query and JSON body with zod, run the handler, and turn every error into
// {"error":{code,message}} with its status. Handlers receive parsed, typed input only.

/** Public and signed-in routes may run without a workspace; every other rule guarantees a ctx. */
type CtxFor<R extends ApiRoute> = (typeof API_RULES)[R] extends "public" | "signed-in" ? Ctx | null : Ctx;

type NoInput = z.ZodType<Record<string, never>>;

export type RouteOptions<Q extends z.ZodType, B extends z.ZodType> = {
  /** The query string, parsed from its key/value pairs (422 when invalid). */
  query?: Q;
  /** A JSON body: read up to maxBodyBytes (413), parsed as JSON (400), then with this schema (422). */
  body?: B;
  maxBodyBytes?: number;
  /** Said after the limit in the 413 (what to do instead: split the batch, which variable raises it). */
  bodyLimitHint?: string;
};

export type RouteArgs<R extends ApiRoute, Q, B> = {
  /** The raw request: headers, and the byte stream of routes that take uploads instead of JSON. */
  request: Request;
  ctx: CtxFor<R>;
  params: PathParams<R>;
  query: Q;
  body: B;
};

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

/** Path parameters by name (lib/api/path-params.ts); a value that can't name anything answers 404. */
function parseParams(route: string, raw: Record<string, string | string[]>): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const name of listParamNames(route)) {
    const result = paramSchema(name).safeParse(raw[name]);
    if (!result.success) throw new AppError("not_found", "Not found.");
    parsed[name] = result.data;
  }
  return parsed;
}

/** The query's key/value pairs; NUL characters, which no text column can hold, are refused. */
function readQuery(url: URL): Record<string, string> {
  const query = Object.fromEntries(url.searchParams);
  for (const [name, value] of Object.entries(query)) {
    if (value.includes("\u0000") || name.includes("\u0000"))
      throw new AppError("bad_request", `The query parameter ${JSON.stringify(name)} holds a NUL character.`);
  }
  return query;
}

export function withRoute<
  R extends ApiRoute,
  Q extends z.ZodType = NoInput,
  B extends z.ZodType = z.ZodType<undefined>,
>(route: R, options: RouteOptions<Q, B>, handler: (args: RouteArgs<R, z.output<Q>, z.output<B>>) => unknown) {
  return async (
    request: Request,
    context: { params?: Promise<Record<string, string | string[]>> } = {},
  ): Promise<Response> => {
    try {
      const rule: RouteRule = API_RULES[route];
      const { ctx, hasCredentials } =
        rule === "public" ? { ctx: null, hasCredentials: false } : await resolveRequestContext(request);
      checkRule(rule, ctx, hasCredentials);
      const params = parseParams(route, (await context.params) ?? {});
      const url = new URL(request.url);
      const query = options.query ? parseInput(options.query, readQuery(url)) : {};
      const body = options.body
        ? parseInput(
            options.body,
            await readJsonBody(request, options.maxBodyBytes ?? MAX_JSON_BODY_BYTES, options.bodyLimitHint),
          )
        : undefined;
      const result = await handler({ request, ctx, params, query, body } as RouteArgs<
        R,
        z.output<Q>,
        z.output<B>
      >);
      if (env.API_CHECK_RESPONSES) await checkResponse(route, result);
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      return errorResponse(error, route);
    }
  };
}

/** Tests only (API_CHECK_RESPONSES): a 2xx JSON answer must match the route's documented schema. */
async function checkResponse(route: ApiRoute, result: unknown): Promise<void> {
  const schema = listOperations()[route]?.response;
  if (!schema) return;
  let body = result;
  if (result instanceof Response) {
    if (!result.ok || !result.headers.get("content-type")?.includes("application/json")) return;
    body = await result.clone().json();
  } else {
    body = JSON.parse(JSON.stringify(result));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${route} answered outside its OpenAPI schema: ${z.prettifyError(parsed.error)}`);
}

/** Postgres "data exception" (SQLSTATE class 22): a value the database refused, i.e. bad input. */
function isDataException(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function errorResponse(error: unknown, where: string): Response {
  if (!(error instanceof AppError)) console.error(`[api ${where}]`, error);
  const publicError = isDataException(error)
    ? { code: "bad_request" as const, message: "The request holds a value the database can't store." }
    : toPublicError(error);
  const { code, message } = publicError;
  const fieldErrors = "fieldErrors" in publicError ? publicError.fieldErrors : undefined;
  const retryAfter = error instanceof AppError ? error.retryAfterSeconds : undefined;
  return Response.json(
    { error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) } },
    {
      status: ERROR_STATUS[code],
      headers: retryAfter !== undefined ? { "Retry-After": String(retryAfter) } : undefined,
    },
  );
}

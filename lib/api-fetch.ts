// The one way the browser calls the studio's own /api/v1 routes (with the session cookie): JSON back,
// and a route's {"error":{code,message,fieldErrors}} thrown as an ApiFetchError that keeps the status,
// so callers can tell a conflict or a field error from a failure. Safe to import in client components.

type ErrorBody = { error?: { code?: string; message?: string; fieldErrors?: Record<string, string[]> } };

export class ApiFetchError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly fieldErrors: Record<string, string[]>;
  /** The whole JSON answer, for routes that say more than the error (a 409's `conflict`). */
  readonly body: unknown;
  constructor(message: string, { status, body }: { status: number; body: unknown }) {
    super(message);
    const error = (body as ErrorBody | null)?.error;
    this.status = status;
    this.code = error?.code ?? null;
    this.fieldErrors = error?.fieldErrors ?? {};
    this.body = body;
  }
}

/** The error a failed answer carries, in the route's own words when it sent them. */
export async function readApiError(response: Response, fallback?: string): Promise<ApiFetchError> {
  const body = (await response.json().catch(() => null)) as ErrorBody | null;
  const message =
    body?.error?.message ??
    fallback ??
    `The request failed (${response.status} ${response.statusText}).`.trim();
  return new ApiFetchError(message, { status: response.status, body });
}

/** Calls a studio route and returns its JSON; a failed answer or an unreachable server throws. */
export async function apiFetch<T>(
  url: string,
  init: RequestInit & { fallbackError?: string } = {},
): Promise<T> {
  const { fallbackError, ...request } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...request, headers: { accept: "application/json", ...request.headers } });
  } catch {
    throw new ApiFetchError("Could not reach the studio. Check the connection and try again.", {
      status: 0,
      body: null,
    });
  }
  if (!response.ok) throw await readApiError(response, fallbackError);
  return (await response.json()) as T;
}

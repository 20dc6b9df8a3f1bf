import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";

// What went wrong talking to a provider, in words a user can act on, with whether trying again may
// help. The SDKs' own error classes (and raw fetch aborts while reading a body) map onto these kinds.

export type ProviderErrorKind =
  /** 429: the provider asked us to slow down (retryAfterMs when it said how long). */
  | "rate_limited"
  /** No full answer within the provider's timeout. */
  | "timeout"
  /** 5xx, 408 or 409: the provider failed; may work on a retry. */
  | "server"
  /** 401/403: the API key is missing, wrong or lacks access. */
  | "auth"
  /** Other 4xx: the request itself was refused (unknown model, bad parameter). */
  | "request"
  /** Could not connect (refused, DNS, reset). */
  | "connection"
  /** The caller cancelled (job cancelled, page left). */
  | "aborted"
  /** The answer arrived but wasn't a chat completion we could read. */
  | "response";

const RETRYABLE: ReadonlySet<ProviderErrorKind> = new Set([
  "rate_limited",
  "timeout",
  "server",
  "connection",
]);

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;

  constructor(
    kind: ProviderErrorKind,
    message: string,
    options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ProviderError";
    this.kind = kind;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  get isRetryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

/** Retry-After (seconds or an HTTP date) or retry-after-ms, in milliseconds; undefined when absent. */
export function parseRetryAfter(headers: Headers | undefined): number | undefined {
  const ms = headers?.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  if (Number.isFinite(Number(value))) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 429) return "rate_limited";
  if (status === 401 || status === 403) return "auth";
  if (status === 408 || status === 409 || status >= 500) return "server";
  return "request";
}

/** Maps anything a provider call threw onto a ProviderError (never leaking the API key). */
export function toProviderError(
  error: unknown,
  { isCallerAbort }: { isCallerAbort: boolean },
): ProviderError {
  if (error instanceof ProviderError) return error;
  if (isCallerAbort) return new ProviderError("aborted", "The request was cancelled.", { cause: error });
  const isUserAbort =
    error instanceof OpenAI.APIUserAbortError || error instanceof Anthropic.APIUserAbortError;
  const isTimeout =
    error instanceof OpenAI.APIConnectionTimeoutError ||
    error instanceof Anthropic.APIConnectionTimeoutError ||
    isUserAbort ||
    (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));
  if (isTimeout)
    return new ProviderError("timeout", "The provider did not answer in time.", { cause: error });
  if (error instanceof OpenAI.APIConnectionError || error instanceof Anthropic.APIConnectionError) {
    return new ProviderError("connection", `Could not reach the provider: ${error.message}`, {
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIError || error instanceof Anthropic.APIError) {
    const status = error.status ?? 0;
    const kind = kindOfStatus(status);
    const detail = error.message.slice(0, 500);
    return new ProviderError(kind, `The provider answered ${status}: ${detail}`, {
      status,
      retryAfterMs: parseRetryAfter(error.headers),
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError("response", `Unexpected provider failure: ${message.slice(0, 500)}`, {
    cause: error,
  });
}

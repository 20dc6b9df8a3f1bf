import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { ProviderError, toProviderError } from "./provider-error";
import type { ChatRequest, ChatResult, ProviderConfig } from "./types";

// The one way the studio calls a model. Everything model-backed (judges, scanners, coverage checks,
// task generation) goes through here:
//
//   import { getProviderConfig } from "@/lib/providers/queries";      // a stored provider, key decrypted
//   import { completeChat } from "@/lib/providers/complete-chat";
//   const provider = await getProviderConfig({ ctx, id });
//   const { text, inputTokens, outputTokens, costUsd } = await completeChat({
//     provider, system, messages: [{ role: "user", content }], maxTokens: 1024, temperature: 0, signal,
//     runAttempt: (run) => limiter.run(provider, run),   // optional: a slot per attempt (rate limits)
//   });
//
// Failures throw a ProviderError (provider-error.ts) with a `kind` (rate_limited, timeout, server,
// auth, request, connection, aborted, response) and a message fit for users; it never holds the key.
// Tests use the stand-in provider in ./testing/stand-in-provider.ts (a real local HTTP server).
//
// Official SDKs only (openai, @anthropic-ai/sdk), with their own retries off (maxRetries: 0): their
// Retry-After wait can be neither cancelled nor capped, and every attempt must pass the caller's
// rate limiter as one request. This module retries instead: 429 (honouring Retry-After up to
// MAX_RETRY_WAIT_MS), 5xx, 408/409, timeouts and connection failures, with exponential backoff,
// cancellable through `signal`. The timeout covers the whole answer, body included.

const MAX_RETRY_WAIT_MS = 60_000;
const DEFAULT_MAX_TOKENS = 2_048;
/** Local servers (vLLM, Ollama, llama.cpp) take any key; the SDKs refuse an empty one. */
const NO_KEY = "no-key";

type Attempt = (args: {
  provider: ProviderConfig;
  request: ChatRequest;
  signal: AbortSignal;
}) => Promise<{ text: string; inputTokens: number; outputTokens: number; model: string; raw: unknown }>;

/** A fetch whose timeout also covers reading the body (the SDKs' own timeout ends at the headers). */
function fetchWithDeadline(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetch(input, { ...init, signal });
  };
}

const callOpenAi: Attempt = async ({ provider, request, signal }) => {
  const timeout = provider.timeoutSeconds * 1000;
  const client = new OpenAI({
    apiKey: provider.apiKey || NO_KEY,
    baseURL: provider.baseUrl,
    timeout,
    maxRetries: 0,
    fetch: fetchWithDeadline(timeout),
  });
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    ...(request.system ? [{ role: "system" as const, content: request.system }] : []),
    ...request.messages.map((m) => ({ role: m.role, content: m.content })),
  ];
  const completion = await client.chat.completions.create(
    {
      model: provider.model,
      messages,
      max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    },
    { signal },
  );
  if (!Array.isArray(completion?.choices)) {
    throw new ProviderError("response", "The answer has no choices: not a chat completion.");
  }
  return {
    text: completion.choices[0]?.message?.content ?? "",
    inputTokens: completion.usage?.prompt_tokens ?? 0,
    outputTokens: completion.usage?.completion_tokens ?? 0,
    model: completion.model || provider.model,
    raw: completion,
  };
};

const callAnthropic: Attempt = async ({ provider, request, signal }) => {
  const timeout = provider.timeoutSeconds * 1000;
  const client = new Anthropic({
    apiKey: provider.apiKey || NO_KEY,
    baseURL: provider.baseUrl,
    timeout,
    maxRetries: 0,
    fetch: fetchWithDeadline(timeout),
  });
  const message = await client.messages.create(
    {
      model: provider.model,
      max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
      ...(request.system ? { system: request.system } : {}),
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    },
    { signal },
  );
  if (!Array.isArray(message?.content)) {
    throw new ProviderError("response", "The answer has no content: not a Messages API response.");
  }
  const usage = message.usage;
  return {
    text: message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join(""),
    inputTokens:
      (usage?.input_tokens ?? 0) +
      (usage?.cache_creation_input_tokens ?? 0) +
      (usage?.cache_read_input_tokens ?? 0),
    outputTokens: usage?.output_tokens ?? 0,
    model: message.model || provider.model,
    raw: message,
  };
};

/** US dollars for the tokens at the provider's prices per million. */
export function computeCost(
  provider: Pick<ProviderConfig, "inputPricePerMillion" | "outputPricePerMillion">,
  tokens: { inputTokens: number; outputTokens: number },
): number {
  return (
    (tokens.inputTokens * provider.inputPricePerMillion +
      tokens.outputTokens * provider.outputPricePerMillion) /
    1_000_000
  );
}

/** Backoff before retry `attempt` (1-based): Retry-After when given (capped), else 0.5 s·2ⁿ⁻¹ with jitter. */
export function retryDelayMs(error: ProviderError, attempt: number): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, MAX_RETRY_WAIT_MS);
  return Math.min(500 * 2 ** (attempt - 1), 8_000) * (1 - Math.random() * 0.25);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Sends one chat to the provider and returns its text with tokens and cost. Retries transient
 * failures up to `request.maxRetries` (default 2) times; throws a ProviderError otherwise.
 * `request.beforeAttempt` runs before every attempt (a rate limiter's slot, for instance).
 */
export async function completeChat(request: ChatRequest): Promise<ChatResult> {
  const { provider } = request;
  const attempt = provider.kind === "anthropic" ? callAnthropic : callOpenAi;
  const maxRetries = request.maxRetries ?? 2;
  const started = Date.now();
  for (let n = 0; ; n += 1) {
    try {
      request.signal?.throwIfAborted();
      const result = await (request.runAttempt ?? ((run) => run()))(() =>
        attempt({ provider, request, signal: request.signal ?? new AbortController().signal }),
      );
      return {
        ...result,
        costUsd: computeCost(provider, result),
        attempts: n + 1,
        latencyMs: Date.now() - started,
      };
    } catch (caught) {
      const error = toProviderError(caught, { isCallerAbort: request.signal?.aborted === true });
      if (!error.isRetryable || n >= maxRetries) throw error;
      try {
        await sleep(retryDelayMs(error, n + 1), request.signal);
      } catch (cause) {
        throw new ProviderError("aborted", "The request was cancelled.", { cause });
      }
    }
  }
}

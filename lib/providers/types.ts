import type { PROVIDER_KINDS } from "@/db/schema/providers";

// Shapes of a model call, shared by completeChat, the stand-in provider and every caller.

export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** A provider ready to call: what a stored provider row becomes once its key is decrypted. */
export type ProviderConfig = {
  /** The stored provider's id (absent for ad-hoc configs, e.g. in tests). */
  id?: string;
  name: string;
  kind: ProviderKind;
  /** OpenAI-compatible: up to and including `/v1`; Anthropic: the host (the SDK adds `/v1/messages`). */
  baseUrl: string;
  model: string;
  apiKey: string | null;
  /** Per-attempt timeout, covering the whole answer (headers and body). */
  timeoutSeconds: number;
  concurrency: number;
  requestsPerMinute: number | null;
  inputPricePerMillion: number;
  outputPricePerMillion: number;
};

export type ChatMessage = { role: "user" | "assistant"; content: string };

export type ChatRequest = {
  provider: ProviderConfig;
  system?: string;
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  /** Cancels the call, including a pending retry wait. */
  signal?: AbortSignal;
  /** Retries of transient failures (429, 5xx, timeouts, connection errors); default 2. */
  maxRetries?: number;
  /** Wraps every attempt, e.g. to hold a rate limiter's slot while the request is in flight. */
  runAttempt?: <T>(run: () => Promise<T>) => Promise<T>;
};

export type ChatResult = {
  /** The answer's text (text blocks joined). */
  text: string;
  inputTokens: number;
  outputTokens: number;
  /** At the provider's prices per million tokens. */
  costUsd: number;
  /** The model that answered, as the provider reports it. */
  model: string;
  /** Attempts made, 1 when the first one worked. */
  attempts: number;
  /** From the first attempt to the answer, retry waits included. */
  latencyMs: number;
  /** The provider's response object, as parsed by its SDK. */
  raw: unknown;
};

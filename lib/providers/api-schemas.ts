import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { createProviderInput } from "./schemas";

// Response shapes and OpenAPI operations of providers. The API key goes in, never out.

export const providerOutput = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["openai", "anthropic"]),
  baseUrl: z.string(),
  model: z.string(),
  hasApiKey: z.boolean().describe("Whether a key is stored; the key itself is never returned"),
  concurrency: z.number().int(),
  requestsPerMinute: z.number().int().nullable(),
  inputPricePerMillion: z.number(),
  outputPricePerMillion: z.number(),
  timeoutSeconds: z.number().int(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const providerListQuery = z.object({
  archived: z.enum(["0", "1"]).default("0").describe("1 includes archived providers"),
});

const connectionReport = z.union([
  z.object({
    ok: z.literal(true),
    model: z.string(),
    text: z.string(),
    latencyMs: z.number(),
    inputTokens: z.number(),
    outputTokens: z.number(),
    costUsd: z.number(),
  }),
  z.object({ ok: z.literal(false), kind: z.string(), message: z.string() }),
]);

export const PROVIDER_OPERATIONS: ApiOperations = {
  "GET /api/v1/providers": {
    summary: "List model providers (never their keys)",
    query: providerListQuery,
    response: z.object({ items: z.array(providerOutput), nextCursor: z.null() }),
  },
  "POST /api/v1/providers": {
    summary: "Add a model provider",
    description:
      "kind `openai` is any OpenAI-compatible chat-completions server (OpenAI, vLLM, Ollama, llama.cpp, OpenRouter…), with baseUrl up to /v1; `anthropic` is the Messages API. The apiKey is stored encrypted and never returned. Answers 201 with the provider.",
    body: createProviderInput,
    response: providerOutput,
  },
  "POST /api/v1/providers/[id]/test": {
    summary: "Test a provider's connection with one tiny chat",
    response: connectionReport,
  },
};

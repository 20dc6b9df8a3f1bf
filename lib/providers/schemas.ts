import { z } from "zod";
import { PROVIDER_KINDS } from "@/db/schema/providers";

// Provider shapes for the Settings form, the API and the verbs (hand-written: the API shape).

export const DEFAULT_BASE_URLS = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com",
} as const satisfies Record<(typeof PROVIDER_KINDS)[number], string>;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const baseUrlInput = z
  .url({ protocol: /^https?$/, message: "Enter an http:// or https:// URL." })
  .max(2_000)
  .transform((v) => v.replace(/\/+$/, ""));

const providerFields = {
  name: z.string().trim().min(1, "Name the provider.").max(100),
  kind: z.enum(PROVIDER_KINDS, { message: "Kind is openai (chat completions) or anthropic (Messages)." }),
  model: z.string().trim().min(1, "Name the model, e.g. gpt-4.1-mini.").max(200),
  concurrency: z.coerce.number().int().min(1).max(256).default(4),
  requestsPerMinute: z
    .preprocess(blankToNull, z.coerce.number().int().min(1).max(1_000_000).nullable())
    .default(null),
  inputPricePerMillion: z.preprocess(blankToUndefined, z.coerce.number().min(0).max(100_000).default(0)),
  outputPricePerMillion: z.preprocess(blankToUndefined, z.coerce.number().min(0).max(100_000).default(0)),
  timeoutSeconds: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(3_600).default(120)),
};

export const createProviderInput = z.object({
  ...providerFields,
  /** Omitted: the vendor's public endpoint for the kind. */
  baseUrl: z.preprocess(blankToUndefined, baseUrlInput.optional()),
  /** Stored encrypted, never returned. Omit for local servers that need none. */
  apiKey: z.preprocess(blankToUndefined, z.string().max(1_000).optional()),
});
export type CreateProviderInput = z.input<typeof createProviderInput>;

export const updateProviderInput = z.object({
  id: z.uuid(),
  ...providerFields,
  baseUrl: baseUrlInput,
  /** Blank keeps the stored key; a value replaces it. */
  apiKey: z.preprocess(blankToUndefined, z.string().max(1_000).optional()),
  /** Removes the stored key. */
  clearApiKey: z.boolean().default(false),
});
export type UpdateProviderInput = z.input<typeof updateProviderInput>;

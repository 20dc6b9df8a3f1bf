import { z } from "zod";

// LLM scanner shapes for the form, the API and the verbs.

export const configureLlmScannerInput = z.object({
  /** The provider's name (Settings → Model providers). */
  provider: z.string().trim().min(1, "Pick a provider.").max(100),
  /** The question; blank asks the default one. */
  question: z.string().max(10_000).default(""),
  temperature: z.coerce.number().min(0).max(2).default(0),
  maxTokens: z.coerce.number().int().min(64).max(32_000).default(1_024),
});
export type ConfigureLlmScannerInput = z.input<typeof configureLlmScannerInput>;

export const llmScannerBarInput = z.object({
  versionId: z.uuid(),
  minKappaLower: z.coerce.number().min(-1).max(1),
  minHeldOut: z.coerce.number().int().min(1).max(100_000),
});
export type LlmScannerBarInput = z.input<typeof llmScannerBarInput>;

export const startLlmScanInput = z.object({
  /** `calibrate`: the latest version over the labelled rollouts it hasn't answered; `run`: the deployed one. */
  purpose: z.enum(["run", "calibrate"]).default("run"),
  /** Calibrate this version (default: the latest). */
  versionId: z.uuid().optional(),
  /** Rollout filter fields as on the Rollouts list (run only). */
  filter: z.record(z.string(), z.string().max(1_000)).default({}),
});
export type StartLlmScanInput = z.input<typeof startLlmScanInput>;

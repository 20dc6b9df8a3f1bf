import { z } from "zod";
import { FLAG_SEVERITIES, FLAG_VERDICTS } from "@/lib/values/scanner-values";

// Inputs of the scanners domain: a reviewer's verdict on a flag, an owner's signature setting.

export const reviewFlagInput = z.object({
  flagId: z.uuid("No such flag."),
  verdict: z.enum(FLAG_VERDICTS),
  comment: z.string().trim().max(5_000).default(""),
});
export type ReviewFlagInput = z.input<typeof reviewFlagInput>;
/** The body of POST /api/v1/flags/{id}/reviews: the flag comes from the path. */
export const reviewFlagBody = reviewFlagInput.omit({ flagId: true });

export const updateSignatureSettingInput = z.object({
  signature: z.string().trim().min(1).max(100),
  isEnabled: z.boolean(),
  /** Caps the signature's severity; null keeps its own. */
  severity: z.enum(FLAG_SEVERITIES).nullable(),
});
export type UpdateSignatureSettingInput = z.input<typeof updateSignatureSettingInput>;

export const FLAG_VERDICT_NAMES = { confirmed: "Confirmed", rejected: "Rejected" } as const;

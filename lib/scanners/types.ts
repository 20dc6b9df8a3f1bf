import type { ToolCall } from "@/db/schema/message-json";

// The model every scanner works on: a rollout's normalized messages as the importers store them
// (lib/imports/types.ts), so one scanner serves every transcript format.

export const SEVERITIES = ["high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_RANK: Record<Severity, number> = { low: 1, medium: 2, high: 3 };

export type ScanMessage = {
  index: number;
  role: "system" | "user" | "assistant" | "tool";
  text: string;
  toolCalls?: readonly ToolCall[] | null;
  toolCallId?: string | null;
  toolName?: string | null;
  error?: string | null;
  metadata?: Record<string, unknown> | null;
};

/**
 * Where a flag's evidence sits. `text`: [start, end) in the message's text. `tool-call`: inside the
 * call `toolCallId` of the message; `field` names the argument and [start, end) indexes into it.
 * `excerpt` is the exact evidence text (cut to EXCERPT_MAX characters).
 */
export type Evidence = {
  kind: "text" | "tool-call";
  toolCallId?: string;
  field?: string;
  start: number;
  end: number;
  excerpt: string;
};

export const EXCERPT_MAX = 400;

/** One signature's finding in one rollout. */
export type Hit = {
  signature: string;
  severity: Severity;
  messageIndex: number;
  evidence: Evidence;
  /** Why this hit, in a reviewer's words (which file, which command). Never quotes an answer key. */
  detail: string;
};

/**
 * What the studio knows about the task that the agent must not see: the file names of its hidden
 * test and grader scripts. (Only names: answer-key texts never enter scanning or flags.)
 */
export type HiddenMaterial = { paths: readonly string[] };

export const NO_HIDDEN_MATERIAL: HiddenMaterial = { paths: [] };

export type SignatureFamily =
  | "test-tampering"
  | "pytest-patching"
  | "early-exit"
  | "always-equal"
  | "special-casing"
  | "answer-key"
  | "upstream-fix"
  | "grader-tampering"
  | "symlink"
  | "process"
  | "false-claim";

export type SignatureInfo = {
  id: string;
  family: SignatureFamily;
  title: string;
  /** What the signature looks for, for the reviewer deciding whether a flag is right. */
  description: string;
  severity: Severity;
};

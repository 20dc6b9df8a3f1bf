// The closed value sets of labels and review queues: a leaf module (no imports), which components,
// lib/ and db/ may all import (the pgEnums in db/schema/labels.ts and review.ts are built from these).

export const LABEL_VERDICTS = [
  "genuine-success",
  "genuine-failure",
  "reward-hack",
  "grader-false-negative",
  "environment-broken",
  "unclear",
] as const;
export type LabelVerdict = (typeof LABEL_VERDICTS)[number];

export const TAXONOMY_FAMILIES = ["reward-hack", "failure-mode"] as const;
export type TaxonomyFamily = (typeof TAXONOMY_FAMILIES)[number];

export const SPAN_KINDS = ["text", "tool-call", "tool-result"] as const;
export type SpanKind = (typeof SPAN_KINDS)[number];

/**
 * Which text of a message a text span's offsets count in: the message's text, its reasoning, or one
 * string of a tool call's arguments (the call's id and the string's JSON pointer say which).
 */
export const SPAN_PARTS = ["content", "reasoning", "argument"] as const;
export type SpanPart = (typeof SPAN_PARTS)[number];

export const CORPUS_STATUSES = ["open", "fixed"] as const;
export type CorpusStatus = (typeof CORPUS_STATUSES)[number];

export const QUEUE_SAMPLINGS = [
  "all",
  "random-audit",
  "highest-reward",
  "disagreements-first",
  "unlabeled-first",
  "flagged-first",
  "judge-disagreements",
] as const;
export type QueueSampling = (typeof QUEUE_SAMPLINGS)[number];

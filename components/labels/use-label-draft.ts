"use client";

import { useState } from "react";
import type { LabelRecord } from "@/lib/labels/label-record";
import type { LabelBody } from "@/lib/labels/schemas";
import type { LabelVerdict } from "@/lib/values/review-values";
import { type DraftSpan, fromSpanRecord, toSpanInput } from "./span-draft";

let nextKey = 0;

/** The label being edited, started from the reviewer's current version (if any). */
export function useLabelDraft(current: LabelRecord | null) {
  const [verdict, setVerdict] = useState<LabelVerdict | null>(current?.verdict ?? null);
  const [categories, setCategories] = useState<ReadonlySet<string>>(new Set(current?.categories ?? []));
  const [confidence, setConfidence] = useState<number | null>(current?.confidence ?? null);
  const [rationale, setRationale] = useState(current?.rationale ?? "");
  const [scores, setScores] = useState<Record<string, string>>(
    Object.fromEntries(Object.entries(current?.criterionScores ?? {}).map(([k, v]) => [k, String(v)])),
  );
  const [spans, setSpans] = useState<DraftSpan[]>(current?.spans.map(fromSpanRecord) ?? []);

  return {
    verdict,
    categories,
    confidence,
    rationale,
    scores,
    spans,
    setVerdict,
    setConfidence,
    setRationale,
    setScore: (key: string, value: string) => setScores((all) => ({ ...all, [key]: value })),
    toggleCategory: (key: string) =>
      setCategories((all) => {
        const next = new Set(all);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    addSpan: (span: Omit<DraftSpan, "key">) =>
      setSpans((all) => [...all, { ...span, key: `draft-${nextKey++}` }]),
    updateSpan: (key: string, patch: Partial<Pick<DraftSpan, "category" | "comment">>) =>
      setSpans((all) => all.map((s) => (s.key === key ? { ...s, ...patch } : s))),
    removeSpan: (key: string) => setSpans((all) => all.filter((s) => s.key !== key)),
    /** The body to submit, or null without a verdict. Blank scores are left out. */
    toInput: (): (LabelBody & { verdict: LabelVerdict }) | null => {
      if (!verdict) return null;
      const criterionScores = Object.fromEntries(
        Object.entries(scores)
          .filter(([, v]) => v.trim() !== "" && Number.isFinite(Number(v)))
          .map(([k, v]) => [k, Number(v)]),
      );
      return {
        verdict,
        categories: [...categories],
        confidence,
        rationale,
        spans: spans.map(toSpanInput),
        criterionScores,
      };
    },
  };
}

export type LabelDraft = ReturnType<typeof useLabelDraft>;

"use client";

import { useEffect, useEffectEvent } from "react";
import { isTypingTarget } from "@/lib/keyboard/is-typing-target";
import { verdictForKey } from "@/lib/labels/verdicts";
import type { LabelVerdict } from "@/lib/values/review-values";

type Handlers = {
  isEnabled: boolean;
  onVerdict: (verdict: LabelVerdict) => void;
  onNext?: () => void;
  onPrevious?: () => void;
  onSubmit: () => void;
};

/** 1–6: verdict, n/p: next/previous item, s: submit. Ignored while typing or with modifiers. */
export function useReviewKeys({ isEnabled, onVerdict, onNext, onPrevious, onSubmit }: Handlers): void {
  const handleKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!isEnabled || event.metaKey || event.ctrlKey || event.altKey || isTypingTarget(event.target)) return;
    const verdict = verdictForKey(event.key);
    const action = verdict
      ? () => onVerdict(verdict)
      : event.key === "n"
        ? onNext
        : event.key === "p"
          ? onPrevious
          : event.key === "s"
            ? onSubmit
            : undefined;
    if (!action) return;
    event.preventDefault();
    action();
  });
  useEffect(() => {
    addEventListener("keydown", handleKeyDown);
    return () => removeEventListener("keydown", handleKeyDown);
  }, []);
}

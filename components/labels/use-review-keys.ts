"use client";

import { useEffect, useEffectEvent } from "react";
import { verdictForKey } from "@/lib/labels/verdicts";
import type { LabelVerdict } from "@/lib/values/review-values";

type Handlers = {
  isEnabled: boolean;
  onVerdict: (verdict: LabelVerdict) => void;
  onNext?: () => void;
  onPrevious?: () => void;
  onSubmit: () => void;
};

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** 1–6: verdict, n/p: next/previous item, s: submit. Ignored while typing or with modifiers. */
export function useReviewKeys({ isEnabled, onVerdict, onNext, onPrevious, onSubmit }: Handlers): void {
  const handleKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!isEnabled || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
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

"use client";

import { useEffect, useEffectEvent } from "react";

type Handlers = {
  isEnabled: boolean;
  onMove: (delta: 1 | -1) => void;
  onEdge: (edge: "first" | "last") => void;
  onFind: () => void;
};

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

function findAction(key: string, h: Omit<Handlers, "isEnabled">): (() => void) | null {
  switch (key) {
    case "j":
      return () => h.onMove(1);
    case "k":
      return () => h.onMove(-1);
    case "g":
      return () => h.onEdge("first");
    case "G":
      return () => h.onEdge("last");
    case "/":
      return h.onFind;
    default:
      return null;
  }
}

/** j/k: next/previous message, g/G: first/last, /: find. Ignored while typing or with modifiers. */
export function useTranscriptKeys({ isEnabled, onMove, onEdge, onFind }: Handlers): void {
  const handleKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!isEnabled || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
    const action = findAction(event.key, { onMove, onEdge, onFind });
    if (!action) return;
    event.preventDefault();
    action();
  });
  useEffect(() => {
    addEventListener("keydown", handleKeyDown);
    return () => removeEventListener("keydown", handleKeyDown);
  }, []);
}

"use client";

import { useEffect, useEffectEvent } from "react";
import { isTypingTarget } from "@/lib/keyboard/is-typing-target";

type Handlers = {
  isEnabled: boolean;
  onMove: (delta: 1 | -1) => void;
  onEdge: (edge: "first" | "last") => void;
  onFind: () => void;
};

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
    if (!isEnabled || event.metaKey || event.ctrlKey || event.altKey || isTypingTarget(event.target)) return;
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

"use client";

import type { Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useState } from "react";

export type ScrollAlign = "start" | "end" | "auto";

/**
 * Scrolls a virtualized transcript to a message, and aims again once that message's window has
 * loaded: rows grow from placeholder to content, which would otherwise push a far target (the last
 * message, a deep link) out of view.
 */
export function useScrollToMessage<TScroll extends Element>(
  virtualizer: Virtualizer<TScroll, Element>,
  isLoaded: (index: number) => boolean,
): (index: number, align: ScrollAlign) => void {
  const [target, setTarget] = useState<{ index: number; align: ScrollAlign } | null>(null);
  const isTargetLoaded = target !== null && isLoaded(target.index);
  useEffect(() => {
    if (!target || !isTargetLoaded) return;
    // Next frame: the loaded rows have been measured by then.
    requestAnimationFrame(() => virtualizer.scrollToIndex(target.index, { align: target.align }));
    setTarget(null);
  }, [target, isTargetLoaded, virtualizer]);
  return (index, align) => {
    virtualizer.scrollToIndex(index, { align });
    setTarget({ index, align });
  };
}

"use client";

import { type RefObject, useEffect } from "react";

/**
 * Sizes a scroll container to end at the bottom of the window (whatever sits above it), so its
 * last row can be scrolled into view without the page scrolling too. Falls back to CSS before mount.
 */
export function useFillViewport(
  ref: RefObject<HTMLElement | null>,
  { minHeight = 420, gap = 16 } = {},
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fitHeight = () => {
      const top = element.getBoundingClientRect().top + scrollY;
      element.style.height = `${Math.max(minHeight, innerHeight - top - gap)}px`;
    };
    fitHeight();
    addEventListener("resize", fitHeight);
    return () => removeEventListener("resize", fitHeight);
  }, [ref, minHeight, gap]);
}

"use client";

import { type RefObject, useEffect } from "react";

/**
 * Closes an open menu on a click outside `rootRef` or on Escape; subscribes to the document only
 * while the menu is open (the header's workspace switcher and its narrow-screen navigation).
 */
export function useDismiss(rootRef: RefObject<HTMLElement | null>, isOpen: boolean, close: () => void) {
  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("pointerdown", handlePointer);
    document.addEventListener("keydown", handleKey);
    return () => {
      document.removeEventListener("pointerdown", handlePointer);
      document.removeEventListener("keydown", handleKey);
    };
  }, [rootRef, isOpen, close]);
}

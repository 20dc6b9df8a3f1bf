"use client";

import { useEffect } from "react";

/** Ctrl+S / Cmd+S saves the task while the editor may write. */
export function useSaveShortcut(canWrite: boolean, save: () => void) {
  useEffect(() => {
    if (!canWrite) return;
    const handleKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        save();
      }
    };
    window.addEventListener("keydown", handleKey);
    return () => window.removeEventListener("keydown", handleKey);
  }, [canWrite, save]);
}

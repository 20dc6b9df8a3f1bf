"use client";

import { useEffect } from "react";
import { preloadMonaco } from "./monaco-preload";

/** Starts loading Monaco when the browser is idle, on pages that lead to an editor. Renders nothing. */
export function MonacoPreload() {
  useEffect(() => {
    const start = () => {
      preloadMonaco().catch(() => {
        // The editor's own mount tries again and shows its text meanwhile.
      });
    };
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(start, { timeout: 3_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(start, 1_000);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}

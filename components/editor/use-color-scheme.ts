"use client";

import { useSyncExternalStore } from "react";

// The studio's theme lives in <html data-theme>; Monaco follows it.

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

export function useMonacoTheme(): "vs" | "vs-dark" {
  return useSyncExternalStore(
    subscribe,
    () => (document.documentElement.dataset.theme === "dark" ? "vs-dark" : "vs"),
    () => "vs",
  );
}

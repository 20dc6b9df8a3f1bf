"use client";

import dynamic from "next/dynamic";

/** The code editor, loaded in the browser only (Monaco touches window at import). */
export const LazyCodeEditor = dynamic(() => import("./code-editor").then((m) => m.CodeEditor), {
  ssr: false,
  loading: () => (
    <p className="rounded-md border border-border p-3 text-sm text-fg-muted">Loading the editor…</p>
  ),
});

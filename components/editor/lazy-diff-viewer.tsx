"use client";

import dynamic from "next/dynamic";

/** The diff viewer, loaded in the browser only. */
export const LazyDiffViewer = dynamic(() => import("./diff-viewer").then((m) => m.DiffViewer), {
  ssr: false,
  loading: () => (
    <p className="rounded-md border border-border p-3 text-sm text-fg-muted">Loading the diff…</p>
  ),
});

"use client";

import { DiffEditor } from "@monaco-editor/react";
import "./monaco-setup";
import { useMonacoTheme } from "./use-color-scheme";

/** Monaco's diff editor, read-only: left is before, right is after. */
export function DiffViewer({
  original,
  modified,
  height = 520,
  isSideBySide = true,
}: {
  original: string;
  modified: string;
  height?: number | string;
  isSideBySide?: boolean;
}) {
  const theme = useMonacoTheme();
  return (
    <div className="overflow-hidden rounded-md border border-border">
      <DiffEditor
        original={original}
        modified={modified}
        language="markdown"
        theme={theme}
        height={height}
        loading={<p className="p-3 text-sm text-fg-muted">Loading the diff…</p>}
        options={{
          readOnly: true,
          originalEditable: false,
          renderSideBySide: isSideBySide,
          wordWrap: "on",
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          automaticLayout: true,
          renderOverviewRuler: false,
        }}
      />
    </div>
  );
}

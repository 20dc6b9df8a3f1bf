"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { CodeEditorProps } from "./code-editor";
import { isMonacoLoaded, preloadMonaco } from "./monaco-preload";

// Monaco takes seconds to load cold. The editor's frame is drawn at once, on the server, with the
// text in it; Monaco loads in the browser only (it touches window at import) and takes the frame's
// place when it has mounted, at the same size, so nothing on the page moves. Monaco loads once per
// page session (./monaco-preload): once loaded, an editor mounts within a frame and says no "Loading".

const CodeEditor = dynamic(() => preloadMonaco().then((m) => m.CodeEditor), {
  ssr: false,
  loading: () => null,
});

/** The code editor: its text readable at once, editable once Monaco is ready. */
export function LazyCodeEditor({ height = 420, onMount, ...props }: CodeEditorProps) {
  const [isReady, setIsReady] = useState(false);
  // Read once at mount: Monaco already loaded in this session means the wait is a frame, not seconds.
  const [isWarm] = useState(isMonacoLoaded);
  return (
    <section
      aria-label={`${props.ariaLabel} editor`}
      aria-busy={!isReady}
      className="relative overflow-hidden rounded-md border border-border"
      style={{ height }}
    >
      <CodeEditor
        {...props}
        height="100%"
        onMount={(instance) => {
          setIsReady(true);
          onMount?.(instance);
        }}
      />
      {isReady ? null : (
        <div className="absolute inset-0 bg-surface">
          <pre
            data-testid="code-editor-text"
            className="h-full overflow-auto whitespace-pre-wrap break-words px-3 py-2 font-mono text-[13px] leading-[19px] text-fg"
          >
            {props.value}
          </pre>
          {isWarm ? null : (
            <p className="absolute right-2 top-2 rounded bg-surface-muted px-2 py-0.5 text-xs text-fg-muted">
              Loading the editor…
            </p>
          )}
        </div>
      )}
    </section>
  );
}

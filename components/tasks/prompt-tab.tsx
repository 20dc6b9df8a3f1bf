"use client";

import type { editor } from "monaco-editor";
import { useState } from "react";
import { LazyCodeEditor } from "@/components/editor/lazy-code-editor";
import { SafeMarkdown } from "@/components/transcripts/safe-markdown";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { VisibleContent } from "@/lib/tasks/hidden-material";

type Mode = "write" | "split" | "preview";

/** The title and the prompt (markdown in Monaco), with a rendered preview beside or instead. */
export function PromptTab({
  draft,
  isReadOnly,
  fieldErrors,
  onChange,
  onEditorMount,
}: {
  draft: VisibleContent;
  isReadOnly: boolean;
  fieldErrors: Record<string, string[]>;
  onChange: (patch: Partial<VisibleContent>) => void;
  onEditorMount: (instance: editor.IStandaloneCodeEditor) => void;
}) {
  const [mode, setMode] = useState<Mode>("write");
  return (
    <div className="flex flex-col gap-4">
      <Field label="Title" htmlFor="task-title" error={fieldErrors.title?.[0]}>
        <Input
          id="task-title"
          value={draft.title}
          readOnly={isReadOnly}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="text-sm font-medium">Prompt</h3>
          <p className="text-xs text-fg-muted">
            Markdown. Every sentence that asks something of the agent becomes a requirement the grader must
            check.
          </p>
        </div>
        <fieldset aria-label="Prompt view" className="flex gap-1">
          {(["write", "split", "preview"] as const).map((m) => (
            <Button
              key={m}
              size="sm"
              variant={mode === m ? "secondary" : "ghost"}
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {m === "write" ? "Write" : m === "split" ? "Split" : "Preview"}
            </Button>
          ))}
        </fieldset>
      </div>
      <div className={mode === "split" ? "grid gap-4 lg:grid-cols-2" : ""}>
        <div hidden={mode === "preview"}>
          <LazyCodeEditor
            value={draft.prompt}
            onChange={(prompt) => onChange({ prompt })}
            language="markdown"
            ariaLabel="Prompt"
            height={520}
            isReadOnly={isReadOnly}
            onMount={onEditorMount}
          />
        </div>
        {mode !== "write" ? (
          <section
            className="max-h-[520px] overflow-auto rounded-md border border-border p-4"
            aria-label="Prompt preview"
          >
            {draft.prompt.trim() ? (
              <SafeMarkdown text={draft.prompt} />
            ) : (
              <p className="text-sm text-fg-muted">Nothing to preview yet.</p>
            )}
          </section>
        ) : null}
      </div>
      {fieldErrors.prompt ? (
        <p role="alert" className="text-xs text-danger">
          {fieldErrors.prompt[0]}
        </p>
      ) : null}
    </div>
  );
}

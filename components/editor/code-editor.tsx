"use client";

import Editor, { type OnMount } from "@monaco-editor/react";
import type { editor } from "monaco-editor";
import "./monaco-setup";
import { useMonacoTheme } from "./use-color-scheme";

export type CodeEditorProps = {
  /** The initial text. The editor is uncontrolled (a controlled value lags fast typing and eats
   *  keystrokes): to replace its text from outside, remount it with a new `key`. */
  value: string;
  onChange?: (value: string) => void;
  language?: "markdown" | "python" | "shell" | "plaintext" | "json";
  /** The accessible name of the editor's text area. */
  ariaLabel: string;
  height?: number | string;
  isReadOnly?: boolean;
  onMount?: (editor: editor.IStandaloneCodeEditor) => void;
};

/** Monaco for prose and scripts: word wrap, no minimap, no auto-closing quotes (prompts are prose). */
export function CodeEditor({
  value,
  onChange,
  language = "markdown",
  ariaLabel,
  height = 420,
  isReadOnly = false,
  onMount,
}: CodeEditorProps) {
  const theme = useMonacoTheme();
  const handleMount: OnMount = (instance) => onMount?.(instance);
  return (
    <Editor
      defaultValue={value}
      language={language}
      theme={theme}
      height={height}
      onChange={(next) => onChange?.(next ?? "")}
      onMount={handleMount}
      loading={null}
      options={{
        ariaLabel,
        readOnly: isReadOnly,
        wordWrap: "on",
        minimap: { enabled: false },
        lineNumbers: language === "markdown" || language === "plaintext" ? "off" : "on",
        scrollBeyondLastLine: false,
        autoClosingBrackets: "never",
        autoClosingQuotes: "never",
        autoSurround: "never",
        quickSuggestions: false,
        wordBasedSuggestions: "off",
        renderLineHighlight: "none",
        fontSize: 13,
        padding: { top: 8, bottom: 8 },
        automaticLayout: true,
        tabFocusMode: language === "markdown" || language === "plaintext",
      }}
    />
  );
}

"use client";

import type { editor } from "monaco-editor";
import { useRef } from "react";

/** The prompt's Monaco instance: reveal a span of the prompt, or read the selection as offsets. */
export function usePromptEditor() {
  const ref = useRef<editor.IStandaloneCodeEditor | null>(null);
  return {
    onMount: (instance: editor.IStandaloneCodeEditor) => {
      ref.current = instance;
    },
    reveal: (start: number, end: number) => {
      const instance = ref.current;
      const model = instance?.getModel();
      if (!instance || !model) return;
      const from = model.getPositionAt(start);
      const to = model.getPositionAt(end);
      const range = {
        startLineNumber: from.lineNumber,
        startColumn: from.column,
        endLineNumber: to.lineNumber,
        endColumn: to.column,
      };
      instance.setSelection(range);
      instance.revealRangeInCenter(range);
      instance.focus();
    },
    readSelection: (): { start: number; end: number } | null => {
      const instance = ref.current;
      const model = instance?.getModel();
      const selection = instance?.getSelection();
      if (!model || !selection || selection.isEmpty()) return null;
      return {
        start: model.getOffsetAt(selection.getStartPosition()),
        end: model.getOffsetAt(selection.getEndPosition()),
      };
    },
  };
}

"use client";

import { useState } from "react";
import type { Finding, Requirement } from "@/lib/tasks/coverage";
import type { VisibleContent } from "@/lib/tasks/hidden-material";
import type { useCoverage } from "./use-coverage";
import type { usePromptEditor } from "./use-prompt-editor";

type Coverage = ReturnType<typeof useCoverage>;
type PromptEditor = ReturnType<typeof usePromptEditor>;

/**
 * What the coverage panel does to the prompt: reveal a requirement or finding in it, mark the
 * selected words as a requirement (for this task or the workspace), unmark one, mark background.
 * `showPrompt` switches the editor to the prompt tab; selections are read only while it shows.
 */
export function useCoverageMarking({
  draft,
  update,
  prompt,
  coverage,
  isPromptShown,
  showPrompt,
}: {
  draft: VisibleContent;
  update: (patch: Partial<VisibleContent>) => void;
  prompt: PromptEditor;
  coverage: Coverage;
  isPromptShown: boolean;
  showPrompt: () => void;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  const [markError, setMarkError] = useState<string | null>(null);
  const readSelection = () => (isPromptShown ? prompt.readSelection() : null);

  const showInPrompt = (start: number, end: number) => {
    showPrompt();
    requestAnimationFrame(() => prompt.reveal(start, end));
  };
  return {
    notice,
    markError,
    showInPrompt,
    revealFinding: (finding: Finding) => {
      if (finding.requirement) showInPrompt(finding.requirement.start, finding.requirement.end);
      else if (finding.location?.label === "prompt")
        showInPrompt(finding.location.start, finding.location.end);
    },
    unmark: (requirement: Requirement) => {
      const { marked, unmarked } = draft.overrides;
      update({
        overrides:
          requirement.source === "manual"
            ? {
                marked: marked.filter((m) => m.end <= requirement.start || m.start >= requirement.end),
                unmarked,
              }
            : { marked, unmarked: [...unmarked, requirement.id] },
      });
    },
    markSelection: () => {
      const selection = readSelection();
      if (!selection) return setNotice("Select the words in the prompt first, then mark them.");
      setNotice(null);
      update({ overrides: { ...draft.overrides, marked: [...draft.overrides.marked, selection] } });
    },
    markSelectionForWorkspace: async () => {
      const selection = readSelection();
      if (!selection) return setNotice("Select the sentence in the prompt first, then mark it.");
      setNotice(null);
      setMarkError(await coverage.mark(draft.prompt.slice(selection.start, selection.end), "requirement"));
    },
    markBackground: async (requirement: Requirement) =>
      setMarkError(await coverage.mark(requirement.text, "background")),
    removeMark: async (mark: Parameters<Coverage["removeMark"]>[0]) =>
      setMarkError(await coverage.removeMark(mark)),
    restoreUnmarked: () => update({ overrides: { ...draft.overrides, unmarked: [] } }),
  };
}

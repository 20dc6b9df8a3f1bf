import type { VisibleContent } from "@/lib/tasks/hidden-material";
import type { TabItem } from "./editor-tabs";

export type TaskTabId =
  | "prompt"
  | "details"
  | "resources"
  | "answer-key"
  | "rubric"
  | "try"
  | "preview"
  | "history";

/** The editor's tabs, with counts where a tab holds a list. */
export function taskEditorTabs(draft: VisibleContent): TabItem<TaskTabId>[] {
  return [
    { id: "prompt", label: "Prompt" },
    { id: "details", label: "Details" },
    { id: "resources", label: "Resources", badge: String(draft.resources.length) },
    { id: "answer-key", label: "Answer key" },
    { id: "rubric", label: "Rubric & checks", badge: String(draft.criteria.length + draft.checks.length) },
    { id: "try", label: "Try the grader" },
    { id: "preview", label: "Agent preview" },
    { id: "history", label: "History" },
  ];
}

/** The ARIA wiring of one tab's panel. */
export function taskPanelProps(id: TaskTabId, active: TaskTabId) {
  return {
    id: `task-panel-${id}`,
    role: "tabpanel",
    "aria-labelledby": `task-tab-${id}`,
    hidden: active !== id,
  };
}

/** Opens the tab a save problem is on and brings its field into view (opening a folded section). */
export function revealFieldInTab(elementId: string | null | undefined) {
  if (!elementId) return;
  requestAnimationFrame(() => {
    const element = document.getElementById(elementId);
    const details = element?.closest("details");
    if (details && !details.open) details.open = true;
    element?.scrollIntoView({ block: "center" });
    element?.focus();
  });
}

import type { TaskContent } from "./schemas";

// Exactly what the agent receives: prompt, resources, give-up wording (when allowed) and budgets.
// Built from the content by picking fields, never by removing them, so a new hidden field can't
// slip into the agent's view.

export type AgentResource =
  | { kind: "document"; name: string; mediaType: string; content: string }
  | { kind: "file"; name: string; mediaType: string; size: number | null; fileId: string };

export type AgentView = {
  prompt: string;
  resources: AgentResource[];
  giveUp: { instructions: string } | null;
  budgets: { timeMinutes: number | null; turns: number | null };
};

export function buildAgentView(content: TaskContent): AgentView {
  return {
    prompt: content.prompt,
    resources: content.resources.map((r) =>
      r.kind === "document"
        ? { kind: "document", name: r.name, mediaType: r.mediaType, content: r.content }
        : { kind: "file", name: r.name, mediaType: r.mediaType, size: r.size ?? null, fileId: r.fileId },
    ),
    giveUp: content.giveUp.allowed ? { instructions: content.giveUp.instructions } : null,
    budgets: { timeMinutes: content.timeBudgetMinutes, turns: content.turnBudget },
  };
}

/** The agent's view as the plain text a harness would send (budgets and give-up wording appended). */
export function formatAgentMessage(view: AgentView): string {
  const parts = [view.prompt.trim()];
  const budget = [
    view.budgets.timeMinutes ? `${view.budgets.timeMinutes} minutes` : null,
    view.budgets.turns ? `${view.budgets.turns} turns` : null,
  ].filter(Boolean);
  if (view.resources.length > 0) {
    parts.push(`Attached files: ${view.resources.map((r) => r.name).join(", ")}.`);
  }
  if (budget.length > 0) parts.push(`You have ${budget.join(" and ")}.`);
  if (view.giveUp?.instructions.trim()) parts.push(view.giveUp.instructions.trim());
  return parts.filter(Boolean).join("\n\n");
}

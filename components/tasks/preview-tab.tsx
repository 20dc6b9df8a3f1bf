"use client";

import { SafeMarkdown } from "@/components/transcripts/safe-markdown";
import { buildAgentView } from "@/lib/tasks/agent-view";
import type { VisibleContent } from "@/lib/tasks/hidden-material";
import type { TaskContent } from "@/lib/tasks/schemas";

/** Exactly what the agent receives: prompt, resources, give-up wording and budgets. Never the key or rubric. */
export function PreviewTab({ taskId, draft }: { taskId: string; draft: VisibleContent }) {
  // buildAgentView picks the agent's fields only; hidden ones never reach this view.
  const view = buildAgentView(draft as TaskContent);
  return (
    <section className="flex flex-col gap-4" aria-label="Agent preview">
      <p className="text-xs text-fg-muted">
        From your current draft, unsaved edits included. No answer key, rubric, checks or solutions are in it.
      </p>
      <section className="rounded-md border border-border p-4">
        <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-fg-muted">Prompt</h3>
        {view.prompt.trim() ? (
          <SafeMarkdown text={view.prompt} />
        ) : (
          <p className="text-sm text-fg-muted">The prompt is empty.</p>
        )}
      </section>
      <section className="rounded-md border border-border p-4">
        <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-fg-muted">Budgets</h3>
        <p className="text-sm">
          Time: {view.budgets.timeMinutes ? `${view.budgets.timeMinutes} minutes` : "no limit set"} · Turns:{" "}
          {view.budgets.turns ?? "no limit set"}
        </p>
      </section>
      <section className="rounded-md border border-border p-4">
        <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-fg-muted">Giving up</h3>
        {view.giveUp ? (
          <p className="whitespace-pre-wrap text-sm">
            {view.giveUp.instructions || "Allowed, but the agent is told nothing about how."}
          </p>
        ) : (
          <p className="text-sm text-fg-muted">Not offered: the agent is not told it may give up.</p>
        )}
      </section>
      <section className="rounded-md border border-border p-4">
        <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-fg-muted">
          Resources ({view.resources.length})
        </h3>
        <ul className="flex flex-col gap-2">
          {view.resources.map((r) => (
            <li key={r.name}>
              {r.kind === "document" ? (
                <details>
                  <summary className="cursor-pointer font-mono text-sm">{r.name}</summary>
                  <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-md bg-surface-muted p-3 text-xs">
                    {r.content}
                  </pre>
                </details>
              ) : (
                <a
                  href={`/api/v1/tasks/${taskId}/files/${r.fileId}`}
                  className="font-mono text-sm text-accent underline"
                >
                  {r.name}
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

"use client";

import { useCallback, useRef, useState } from "react";
import { switchWorkspace } from "@/lib/accounts/actions";
import { useDismiss } from "./use-dismiss";

type WorkspaceChoice = { slug: string; name: string; role: string };

/**
 * The current workspace and a menu of the others. The header has room for a short name only, so the
 * button shows what fits and its tooltip the whole name; the menu shows every name whole, wrapped.
 */
export function WorkspaceSwitcher({
  current,
  workspaces,
}: {
  current: string | null;
  workspaces: WorkspaceChoice[];
}) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(rootRef, isOpen, close);

  if (workspaces.length === 0) return <span className="text-sm text-fg-muted">No workspace</span>;
  const active = workspaces.find((w) => w.slug === current) ?? null;
  const activeLabel = active ? `${active.name} · ${active.role}` : "Choose a workspace";
  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={`Workspace: ${activeLabel}`}
        aria-expanded={isOpen}
        aria-controls="workspace-menu"
        title={activeLabel}
        onClick={() => setIsOpen(!isOpen)}
        className="flex h-8 max-w-28 items-center sm:max-w-56 gap-1 rounded-md border border-border bg-surface px-2 text-sm font-medium text-fg hover:bg-surface-muted"
      >
        <span className="truncate">{activeLabel}</span>
        <span aria-hidden="true" className="text-xs text-fg-muted">
          ▾
        </span>
      </button>
      {isOpen ? (
        <form
          id="workspace-menu"
          action={switchWorkspace}
          aria-label="Switch workspace"
          className="absolute right-0 z-40 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-border bg-surface p-1 shadow-lg"
        >
          <ul className="flex flex-col">
            {workspaces.map((w) => (
              <li key={w.slug}>
                <button
                  type="submit"
                  name="workspace"
                  value={w.slug}
                  aria-current={w.slug === current ? "true" : undefined}
                  className="w-full whitespace-normal rounded px-2 py-1.5 text-left text-sm [overflow-wrap:anywhere] hover:bg-surface-muted aria-[current=true]:font-semibold"
                >
                  {w.name} · {w.role}
                </button>
              </li>
            ))}
          </ul>
        </form>
      ) : null}
    </div>
  );
}

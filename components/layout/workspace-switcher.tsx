"use client";

import { useRef } from "react";
import { switchWorkspace } from "@/lib/accounts/actions";

export function WorkspaceSwitcher({
  current,
  workspaces,
}: {
  current: string | null;
  workspaces: { slug: string; name: string; role: string }[];
}) {
  const formRef = useRef<HTMLFormElement>(null);
  if (workspaces.length === 0) return <span className="text-sm text-fg-muted">No workspace</span>;
  return (
    <form ref={formRef} action={switchWorkspace}>
      <label htmlFor="workspace-switcher" className="sr-only">
        Workspace
      </label>
      <select
        id="workspace-switcher"
        name="workspace"
        defaultValue={current ?? undefined}
        onChange={() => formRef.current?.requestSubmit()}
        className="h-8 max-w-56 rounded-md border border-border bg-surface px-2 text-sm font-medium text-fg"
      >
        {workspaces.map((w) => (
          <option key={w.slug} value={w.slug}>
            {w.name} · {w.role}
          </option>
        ))}
      </select>
    </form>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createWorkspace } from "@/lib/accounts/actions";
import { ActionForm } from "./action-form";

export function CreateWorkspaceForm() {
  return (
    <ActionForm
      action={createWorkspace}
      label="Create workspace"
      className="flex flex-wrap items-end gap-3"
      renderSuccess={(data) => (
        <p className="text-sm text-success">Created {data.slug}. Switch to it with the menu at the top.</p>
      )}
    >
      {(isPending) => (
        <>
          <Field label="Workspace name" htmlFor="workspace-name">
            <Input id="workspace-name" name="name" required className="w-60" />
          </Field>
          <Field label="Workspace slug" htmlFor="workspace-slug">
            <Input
              id="workspace-slug"
              name="slug"
              required
              placeholder="ai-safety"
              aria-describedby="workspace-slug-hint"
              className="w-48"
            />
          </Field>
          <Button type="submit" variant="secondary" disabled={isPending}>
            Create workspace
          </Button>
          {/* Under the row, not under the slug field: a hint inside one field of a bottom-aligned row
              lifts that field out of line with the others. */}
          <p id="workspace-slug-hint" className="basis-full text-xs text-fg-muted">
            The slug names the workspace in links and in the command line: lowercase letters, digits and
            dashes.
          </p>
        </>
      )}
    </ActionForm>
  );
}

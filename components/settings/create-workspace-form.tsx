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
          <Field label="Workspace slug" htmlFor="workspace-slug" hint="lowercase-with-dashes">
            <Input id="workspace-slug" name="slug" required className="w-48" />
          </Field>
          <Button type="submit" variant="secondary" disabled={isPending}>
            Create workspace
          </Button>
        </>
      )}
    </ActionForm>
  );
}

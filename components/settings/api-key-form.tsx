"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createApiKey } from "@/lib/accounts/actions";
import { ActionForm } from "./action-form";
import { CopyField } from "./copy-field";
import { RoleSelect } from "./role-select";

export function ApiKeyForm() {
  return (
    <ActionForm
      action={createApiKey}
      label="Create API key"
      className="flex flex-wrap items-end gap-3"
      renderSuccess={(data) => (
        <CopyField label="New API key (copy it now: it is shown once)" value={data.key} />
      )}
    >
      {(isPending) => (
        <>
          <Field label="Key name" htmlFor="key-name">
            <Input id="key-name" name="name" required placeholder="training-run ingest" className="w-60" />
          </Field>
          <Field label="Key role" htmlFor="key-role">
            <RoleSelect id="key-role" defaultValue="author" />
          </Field>
          <Button type="submit" disabled={isPending}>
            Create API key
          </Button>
        </>
      )}
    </ActionForm>
  );
}

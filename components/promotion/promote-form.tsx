"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { promoteRollout } from "@/lib/promotion/actions";

/** Where the task made from a rollout goes: environment, key and title. */
export function PromoteForm({
  rolloutId,
  environments,
  defaultEnvironment,
  defaultKey,
  defaultTitle,
}: {
  rolloutId: string;
  environments: { slug: string; name: string }[];
  defaultEnvironment: string;
  defaultKey: string;
  defaultTitle: string;
}) {
  return (
    <ActionForm action={promoteRollout} label="Make a task" className="flex flex-wrap items-end gap-3">
      {(isPending) => (
        <>
          <input type="hidden" name="rolloutId" value={rolloutId} />
          <Field label="Environment" htmlFor="promote-environment">
            <Select id="promote-environment" name="environment" defaultValue={defaultEnvironment}>
              {environments.map((e) => (
                <option key={e.slug} value={e.slug}>
                  {e.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Task key" htmlFor="promote-key">
            <Input
              id="promote-key"
              name="key"
              defaultValue={defaultKey}
              required
              className="w-72 font-mono"
            />
          </Field>
          <Field label="Title" htmlFor="promote-title">
            <Input id="promote-title" name="title" defaultValue={defaultTitle} className="w-96" />
          </Field>
          <Button type="submit" disabled={isPending || environments.length === 0}>
            {isPending ? "Creating…" : "Create draft task"}
          </Button>
        </>
      )}
    </ActionForm>
  );
}

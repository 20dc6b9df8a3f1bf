"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { updateEnvironment } from "@/lib/environments/actions";
import type { EnvironmentSummary } from "@/lib/environments/queries";

export function EnvironmentSettingsForm({ environment }: { environment: EnvironmentSummary }) {
  return (
    <ActionForm
      action={updateEnvironment}
      label="Environment settings"
      className="grid gap-4 md:grid-cols-2"
      renderSuccess={() => <p className="text-sm text-success">Saved.</p>}
    >
      {(isPending) => (
        <>
          <input type="hidden" name="slug" value={environment.slug} />
          <Field label="Name" htmlFor="settings-name">
            <Input id="settings-name" name="name" required defaultValue={environment.name} />
          </Field>
          <Field label="Domain" htmlFor="settings-domain">
            <Input id="settings-domain" name="domain" defaultValue={environment.domain} />
          </Field>
          <div className="md:col-span-2">
            <Field label="Description" htmlFor="settings-description">
              <textarea
                id="settings-description"
                name="description"
                rows={3}
                defaultValue={environment.description}
                className="w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg"
              />
            </Field>
          </div>
          <Field label="Tags" htmlFor="settings-tags" hint="Comma-separated">
            <Input id="settings-tags" name="tags" defaultValue={environment.tags.join(", ")} />
          </Field>
          <label className="flex items-start gap-2 self-end text-sm">
            <input
              type="checkbox"
              name="reviewersSeeAnswerKeys"
              defaultChecked={environment.reviewersSeeAnswerKeys}
              className="mt-1"
            />
            <span>
              Reviewers see answer keys while reviewing
              <span className="block text-xs text-fg-muted">
                Turn off to review blind to the key. Owners and authors always see keys; buyers never do.
              </span>
            </span>
          </label>
          <div className="md:col-span-2">
            <Button type="submit" variant="secondary" disabled={isPending}>
              Save settings
            </Button>
          </div>
        </>
      )}
    </ActionForm>
  );
}

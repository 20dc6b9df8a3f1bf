"use client";

import Link from "next/link";
import { ModelSamplingFields } from "@/components/providers/model-sampling-fields";
import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createJudge } from "@/lib/judges/actions";

/** New judge: a provider (plus optional panel members), criteria, sampling and instructions. */
export function CreateJudgeForm({
  environment,
  providers,
}: {
  environment: string;
  providers: { name: string; model: string }[];
}) {
  if (providers.length === 0) {
    return (
      <p className="text-sm text-fg-muted">
        No model provider yet: an owner adds one under{" "}
        <Link href="/settings" className="text-accent underline">
          Settings → Model providers
        </Link>
        .
      </p>
    );
  }
  return (
    <ActionForm
      action={createJudge}
      label="Create judge"
      className="flex flex-col gap-3"
      renderSuccess={(data) => (
        <p className="text-sm text-success">
          Created {data.name}, version {data.version}.{" "}
          <Link className="text-accent underline" href={`/environments/${environment}/judges/${data.id}`}>
            Open it
          </Link>
        </p>
      )}
    >
      {(isPending) => (
        <>
          <input type="hidden" name="environment" value={environment} />
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Field label="Judge name" htmlFor="judge-name">
              <Input id="judge-name" name="name" required placeholder="rubric-judge" />
            </Field>
            <ModelSamplingFields idPrefix="judge" providers={providers} defaultMaxTokens={2048} />
          </div>
          {providers.length > 1 ? (
            <fieldset className="flex flex-wrap gap-3 text-sm">
              <legend className="mb-1 text-sm font-medium">
                Panel: more providers voting (majority for met/not met, mean for scales)
              </legend>
              {providers.map((p) => (
                <label key={p.name} className="flex items-center gap-1.5">
                  <input type="checkbox" name="panel" value={p.name} /> {p.name}
                </label>
              ))}
            </fieldset>
          ) : null}
          <Field
            label="Criteria (keys, blank for all)"
            htmlFor="judge-criteria"
            hint="Comma-separated criterion keys; blank grades every criterion of every task."
          >
            <Input id="judge-criteria" name="criteria" placeholder="all" />
          </Field>
          <Field
            label="Instructions (blank for the default)"
            htmlFor="judge-template"
            hint="Variables: {{prompt}}, {{answer_key}}, {{criteria}}, {{response}} (the quoted transcript). A task rubric's own judge template wins for its task."
          >
            <textarea
              id="judge-template"
              name="template"
              rows={4}
              className="rounded-md border border-border bg-surface p-2 font-mono text-xs"
            />
          </Field>
          <div>
            <Button type="submit" disabled={isPending}>
              Create judge
            </Button>
          </div>
        </>
      )}
    </ActionForm>
  );
}

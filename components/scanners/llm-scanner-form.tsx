"use client";

import Link from "next/link";
import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { configureLlmScanner } from "@/lib/scanners/actions";

/** Owners: the LLM scanner's provider, question and sampling, frozen as a version when saved. */
export function LlmScannerForm({
  providers,
  defaultQuestion,
}: {
  providers: { name: string; model: string }[];
  defaultQuestion: string;
}) {
  if (providers.length === 0)
    return (
      <p className="text-sm text-fg-muted">
        No model provider yet: an owner adds one under{" "}
        <Link href="/settings" className="text-accent underline">
          Settings → Model providers
        </Link>
        .
      </p>
    );
  return (
    <ActionForm
      action={configureLlmScanner}
      label="Configure the LLM scanner"
      className="flex flex-col gap-3"
      renderSuccess={(data) => (
        <p role="status" className="text-sm text-success">
          {data.isNew ? `Saved as version ${data.version}.` : `Same as version ${data.version}; nothing new.`}
        </p>
      )}
    >
      {(isPending) => (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Provider" htmlFor="llm-scanner-provider">
              <Select id="llm-scanner-provider" name="provider" required>
                {providers.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name} ({p.model})
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Temperature" htmlFor="llm-scanner-temperature">
              <Input
                id="llm-scanner-temperature"
                name="temperature"
                type="number"
                min={0}
                max={2}
                step="0.1"
                defaultValue={0}
              />
            </Field>
            <Field label="Max tokens" htmlFor="llm-scanner-max-tokens">
              <Input
                id="llm-scanner-max-tokens"
                name="maxTokens"
                type="number"
                min={64}
                max={32000}
                defaultValue={1024}
              />
            </Field>
          </div>
          <Field
            label="Question (blank for the default)"
            htmlFor="llm-scanner-question"
            hint="The deterministic hits are sent as hints; the answer must cite message indices."
          >
            <textarea
              id="llm-scanner-question"
              name="question"
              rows={3}
              placeholder={defaultQuestion}
              className="rounded-md border border-border bg-surface p-2 text-xs"
            />
          </Field>
          <div>
            <Button type="submit" disabled={isPending}>
              Save LLM scanner version
            </Button>
          </div>
        </>
      )}
    </ActionForm>
  );
}

"use client";

import Link from "next/link";
import { ModelSamplingFields } from "@/components/providers/model-sampling-fields";
import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
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
            <ModelSamplingFields idPrefix="llm-scanner" providers={providers} defaultMaxTokens={1024} />
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

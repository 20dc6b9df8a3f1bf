"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { acceptDraft, discardDraft } from "@/lib/drafts/actions";

/** Accept a draft as a draft task under a key, or discard it. */
export function DraftDecision({
  draftId,
  environment,
  defaultKey,
}: {
  draftId: string;
  environment: string;
  defaultKey: string;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ActionForm action={acceptDraft} label="Accept draft" className="flex flex-wrap items-end gap-3">
        {(isPending) => (
          <>
            <input type="hidden" name="draftId" value={draftId} />
            <Field label="Task key" htmlFor={`key-${draftId}`}>
              <Input
                id={`key-${draftId}`}
                name="key"
                defaultValue={defaultKey}
                required
                className="w-64 font-mono"
              />
            </Field>
            <Button type="submit" disabled={isPending}>
              {isPending ? "Accepting…" : "Accept as a draft task"}
            </Button>
          </>
        )}
      </ActionForm>
      <ActionForm action={discardDraft} label="Discard draft">
        {(isPending) => (
          <>
            <input type="hidden" name="draftId" value={draftId} />
            <input type="hidden" name="environment" value={environment} />
            <Button type="submit" variant="ghost" disabled={isPending}>
              Discard
            </Button>
          </>
        )}
      </ActionForm>
    </div>
  );
}

"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { setCorpusStatus } from "@/lib/labels/actions";
import type { CorpusStatus } from "@/lib/values/review-values";

/** Open, or fixed in a task/rubric revision (pre-filled with the task's current revision). */
export function CorpusStatusForm({
  rolloutId,
  status,
  fixedInRevision,
  suggestedRevision,
}: {
  rolloutId: string;
  status: CorpusStatus;
  fixedInRevision: string | null;
  suggestedRevision: string | null;
}) {
  return (
    <ActionForm action={setCorpusStatus} label="Corpus status" className="flex flex-wrap items-center gap-1">
      {(isPending) => (
        <>
          <input type="hidden" name="rolloutId" value={rolloutId} />
          <Select name="status" defaultValue={status} aria-label="Status" className="h-8 text-xs">
            <option value="open">Open</option>
            <option value="fixed">Fixed in revision</option>
          </Select>
          <Input
            name="fixedInRevision"
            aria-label="Fixed in revision"
            defaultValue={fixedInRevision ?? suggestedRevision ?? ""}
            placeholder="rev"
            className="h-8 w-16 text-xs"
          />
          <Button type="submit" size="sm" variant="secondary" disabled={isPending}>
            Save
          </Button>
        </>
      )}
    </ActionForm>
  );
}

"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { archiveSharedRubric } from "@/lib/rubrics/actions";

export function ArchiveRubricButton({ rubricId, isArchived }: { rubricId: string; isArchived: boolean }) {
  return (
    <ActionForm action={archiveSharedRubric} label={isArchived ? "Restore rubric" : "Archive rubric"}>
      {(isPending) => (
        <>
          <input type="hidden" name="rubricId" value={rubricId} />
          <input type="hidden" name="archived" value={isArchived ? "0" : "1"} />
          <Button type="submit" size="sm" variant={isArchived ? "secondary" : "ghost"} disabled={isPending}>
            {isArchived ? "Restore rubric" : "Archive rubric"}
          </Button>
        </>
      )}
    </ActionForm>
  );
}

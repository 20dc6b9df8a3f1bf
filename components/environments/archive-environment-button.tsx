"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { archiveEnvironment } from "@/lib/environments/actions";

/** Archives the environment (kept with its tasks and rollouts, hidden from lists) or restores it. */
export function ArchiveEnvironmentButton({ slug, isArchived }: { slug: string; isArchived: boolean }) {
  return (
    <ActionForm
      action={archiveEnvironment}
      label={isArchived ? "Restore environment" : "Archive environment"}
      className="flex flex-col items-start gap-2"
    >
      {(isPending) => (
        <>
          <input type="hidden" name="slug" value={slug} />
          <input type="hidden" name="archived" value={isArchived ? "0" : "1"} />
          <Button type="submit" variant={isArchived ? "secondary" : "danger"} disabled={isPending}>
            {isArchived ? "Restore environment" : "Archive environment"}
          </Button>
        </>
      )}
    </ActionForm>
  );
}

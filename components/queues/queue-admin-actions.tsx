"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { archiveQueue, syncQueueItems } from "@/lib/queues/actions";

/** Sync (draw newly matching rollouts) and archive, for owners and authors. */
export function QueueAdminActions({ queueId }: { queueId: string }) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <ActionForm
        action={syncQueueItems}
        label="Sync items"
        className="flex flex-col gap-1"
        renderSuccess={(data) => <p className="text-xs text-success">{data.added} new items.</p>}
      >
        {(isPending) => (
          <>
            <input type="hidden" name="queueId" value={queueId} />
            <Button type="submit" size="sm" variant="secondary" disabled={isPending}>
              Sync new rollouts
            </Button>
          </>
        )}
      </ActionForm>
      <ActionForm action={archiveQueue} label="Archive queue" className="flex flex-col gap-1">
        {(isPending) => (
          <>
            <input type="hidden" name="queueId" value={queueId} />
            <Button type="submit" size="sm" variant="danger" disabled={isPending}>
              Archive
            </Button>
          </>
        )}
      </ActionForm>
    </div>
  );
}

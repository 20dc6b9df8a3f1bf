"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { takeNextQueueItem } from "@/lib/queues/actions";

/** A button that reserves the next item of a queue (or the given one) and opens it. */
export function TakeItemForm({
  queueId,
  itemId,
  label,
}: {
  queueId: string;
  itemId?: string;
  label: string;
}) {
  const [state, action, isPending] = useActionState(takeNextQueueItem, null);
  return (
    <form action={action} aria-label={label} className="flex flex-col gap-2">
      <input type="hidden" name="queueId" value={queueId} />
      {itemId ? <input type="hidden" name="itemId" value={itemId} /> : null}
      <Button type="submit" disabled={isPending} className="self-start">
        {label}
      </Button>
      {state && !state.ok ? (
        <p role="alert" className="text-sm text-danger">
          {state.error.message}
        </p>
      ) : null}
    </form>
  );
}

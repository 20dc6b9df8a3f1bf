"use client";

import Link from "next/link";
import type { RefObject } from "react";
import { useActionState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { takeNextQueueItem } from "@/lib/queues/actions";

/** Previous (p) and next (n) in a queue. Next releases an unlabelled item and reserves another. */
export function QueueItemNav({
  formRef,
  queueId,
  itemId,
  previousHref,
  isDone,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  queueId: string;
  itemId: string;
  previousHref: string | null;
  isDone: boolean;
}) {
  const [state, action, isPending] = useActionState(takeNextQueueItem, null);
  return (
    <form ref={formRef} action={action} aria-label="Queue navigation" className="flex flex-col gap-2">
      <input type="hidden" name="queueId" value={queueId} />
      <input type="hidden" name="skipItemId" value={itemId} />
      <div className="flex items-center justify-between gap-2">
        {previousHref ? (
          <Link href={previousHref} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            ← Previous <kbd className="font-mono text-[11px] opacity-70">p</kbd>
          </Link>
        ) : (
          <span />
        )}
        <Button type="submit" size="sm" variant={isDone ? "primary" : "secondary"} disabled={isPending}>
          {isDone ? "Next item" : "Skip"} <kbd className="font-mono text-[11px] opacity-70">n</kbd>
        </Button>
      </div>
      {state && !state.ok ? (
        <p role="alert" className="text-sm text-danger">
          {state.error.message}
        </p>
      ) : null}
    </form>
  );
}

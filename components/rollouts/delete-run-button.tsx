"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { deleteRun } from "@/lib/rollouts/actions";

/**
 * Deletes a run after an explicit second click that names what will be lost. The first step is a
 * native <details>, so it works before hydration; the form posts the server action either way.
 */
export function DeleteRunButton({
  runId,
  source,
  rolloutCount,
}: {
  runId: string;
  source: string;
  rolloutCount: number;
}) {
  const [state, formAction, isPending] = useActionState(deleteRun, null);
  return (
    <details className="group inline-block text-left">
      <summary
        aria-label={`Delete run ${source}`}
        className="inline-flex h-8 cursor-pointer list-none items-center rounded-md border border-danger/40 px-3 text-sm font-medium text-danger hover:bg-danger/10 group-open:bg-danger/10"
      >
        Delete
      </summary>
      <form
        action={formAction}
        className="mt-2 flex flex-col items-end gap-2"
        aria-label={`Confirm deleting run ${source}`}
      >
        <input type="hidden" name="id" value={runId} />
        <span className="text-xs text-danger">
          Delete {rolloutCount.toLocaleString("en-US")} rollouts for good?
        </span>
        <Button type="submit" size="sm" variant="danger" disabled={isPending}>
          {isPending ? "Deleting…" : "Yes, delete"}
        </Button>
        {state && !state.ok ? (
          <p role="alert" className="text-xs text-danger">
            {state.error.message}
          </p>
        ) : null}
      </form>
    </details>
  );
}

"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { archiveTask } from "@/lib/tasks/actions";

/** Archives the task (kept with its history and rollouts, hidden from the table) or restores it. */
export function ArchiveTaskButton({
  taskId,
  environment,
  isArchived,
}: {
  taskId: string;
  environment: string;
  isArchived: boolean;
}) {
  return (
    <ActionForm action={archiveTask} label={isArchived ? "Restore task" : "Archive task"}>
      {(isPending) => (
        <>
          <input type="hidden" name="taskId" value={taskId} />
          <input type="hidden" name="environment" value={environment} />
          <input type="hidden" name="archived" value={isArchived ? "0" : "1"} />
          <Button type="submit" size="sm" variant={isArchived ? "secondary" : "ghost"} disabled={isPending}>
            {isArchived ? "Restore task" : "Archive task"}
          </Button>
        </>
      )}
    </ActionForm>
  );
}

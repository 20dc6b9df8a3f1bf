"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { cancelJudgeJob } from "@/lib/judges/actions";

export function CancelJobButton({ jobId }: { jobId: string }) {
  return (
    <ActionForm action={cancelJudgeJob} label="Cancel judging job">
      {(isPending) => (
        <>
          <input type="hidden" name="jobId" value={jobId} />
          <Button type="submit" variant="danger" size="sm" disabled={isPending}>
            Cancel
          </Button>
        </>
      )}
    </ActionForm>
  );
}

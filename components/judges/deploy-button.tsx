"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { deployJudge } from "@/lib/judges/actions";

export function DeployButton({ versionId, version }: { versionId: string; version: number }) {
  return (
    <ActionForm
      action={deployJudge}
      label={`Deploy version ${version}`}
      className="flex flex-col items-end gap-1"
      renderSuccess={(data) => <p className="text-xs text-success">Version {data.version} is deployed.</p>}
    >
      {(isPending) => (
        <>
          <input type="hidden" name="versionId" value={versionId} />
          <Button type="submit" size="sm" disabled={isPending}>
            Deploy v{version}
          </Button>
        </>
      )}
    </ActionForm>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { deployLlmScanner, startLlmScan } from "@/lib/scanners/actions";

/** Starts an LLM scanner job: calibrate a version against reviewers' labels, or run the deployed one. */
export function LlmScanButton({
  purpose,
  versionId,
  version,
}: {
  purpose: "run" | "calibrate";
  versionId?: string;
  version: number;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const handleClick = () =>
    startTransition(async () => {
      const result = await startLlmScan({ purpose, versionId });
      if (result.ok) {
        setMessage({
          tone: "ok",
          text:
            purpose === "calibrate"
              ? `Calibrating version ${result.data.version} in the background (Jobs page).`
              : `Version ${result.data.version} is scanning in the background (Jobs page).`,
        });
        router.refresh();
      } else setMessage({ tone: "error", text: result.error.message });
    });
  return (
    <span className="flex flex-col items-start gap-1">
      <Button
        size="sm"
        variant={purpose === "run" ? "primary" : "secondary"}
        disabled={isPending}
        onClick={handleClick}
      >
        {purpose === "calibrate" ? `Calibrate v${version}` : `Run v${version} over unscanned rollouts`}
      </Button>
      {message ? (
        <span
          role={message.tone === "error" ? "alert" : "status"}
          className={message.tone === "error" ? "text-xs text-danger" : "text-xs text-success"}
        >
          {message.text}
        </span>
      ) : null}
    </span>
  );
}

export function LlmDeployButton({ versionId, version }: { versionId: string; version: number }) {
  return (
    <ActionForm
      action={deployLlmScanner}
      label={`Deploy LLM scanner version ${version}`}
      className="flex flex-col items-start gap-1"
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

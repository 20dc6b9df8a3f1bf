"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { startJudging } from "@/lib/judges/actions";

/** Starts a judging job: over the expert-labelled rollouts (calibrate) or a rollout filter (run). */
export function JudgeRunButtons({
  judgeId,
  filter = {},
  showCalibrate = true,
  runLabel = "Judge all rollouts of this environment",
}: {
  judgeId: string;
  filter?: Record<string, string>;
  showCalibrate?: boolean;
  runLabel?: string;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  function handleStart(purpose: "run" | "calibrate") {
    startTransition(async () => {
      const result = await startJudging({ judgeId, purpose, filter });
      if (result.ok) {
        setMessage({
          tone: "ok",
          text: `Started: version ${result.data.version} is judging in the background.`,
        });
        router.refresh();
      } else setMessage({ tone: "error", text: result.error.message });
    });
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {showCalibrate ? (
          <Button disabled={isPending} onClick={() => handleStart("calibrate")}>
            Calibrate against expert labels
          </Button>
        ) : null}
        <Button variant="secondary" disabled={isPending} onClick={() => handleStart("run")}>
          {runLabel}
        </Button>
      </div>
      {message ? (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={message.tone === "error" ? "text-sm text-danger" : "text-sm text-success"}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

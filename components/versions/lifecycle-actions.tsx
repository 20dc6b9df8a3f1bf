"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/auth/run-action";
import {
  approveEnvironment,
  publishEnvironment,
  reopenEnvironment,
  retireEnvironment,
  submitEnvironment,
} from "@/lib/versions/actions";
import { LIFECYCLE_STEPS, type LifecycleStep } from "@/lib/versions/lifecycle";

const ACTIONS: Record<LifecycleStep, (input: { slug: string }) => Promise<ActionResult<unknown>>> = {
  submit: submitEnvironment,
  approve: approveEnvironment,
  publish: publishEnvironment,
  retire: retireEnvironment,
  reopen: reopenEnvironment,
};

/** The lifecycle steps the caller may take now, as buttons; errors (e.g. open findings) shown inline. */
export function LifecycleActions({ slug, steps }: { slug: string; steps: LifecycleStep[] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  function handleStep(step: LifecycleStep) {
    setError(null);
    setMessage(null);
    startTransition(async () => {
      const result = await ACTIONS[step]({ slug });
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      const version = (result.data as { version?: number }).version;
      setMessage(
        step === "approve" && version ? `Approved as v${version}.` : `${LIFECYCLE_STEPS[step].label}: done.`,
      );
      router.refresh();
    });
  }

  if (steps.length === 0) return null;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap gap-2">
        {steps.map((step) => (
          <Button
            key={step}
            variant={step === "retire" || step === "reopen" ? "secondary" : "primary"}
            disabled={isPending}
            onClick={() => handleStep(step)}
          >
            {LIFECYCLE_STEPS[step].label}
          </Button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="max-w-md text-right text-sm text-danger">
          {error}
        </p>
      ) : null}
      {message ? (
        <p role="status" className="text-sm text-success">
          {message}
        </p>
      ) : null}
    </div>
  );
}

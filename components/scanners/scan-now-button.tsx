"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { scanPendingNow } from "@/lib/scanners/actions";

/** Scans the workspace's unscanned rollouts now and says what it found. */
export function ScanNowButton() {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const handleClick = () =>
    startTransition(async () => {
      const result = await scanPendingNow();
      setMessage(
        result.ok
          ? `Scanned ${result.data.scanned}, flagged ${result.data.flagged}.${result.data.rescanned > 0 ? ` ${result.data.rescanned} of them rescanned with the current signatures.` : ""}`
          : result.error.message,
      );
      router.refresh();
    });
  return (
    <span className="flex items-center gap-2">
      {message ? (
        <span role="status" className="text-sm text-fg-muted">
          {message}
        </span>
      ) : null}
      <Button onClick={handleClick} disabled={isPending}>
        {isPending ? "Scanning…" : "Scan unscanned rollouts"}
      </Button>
    </span>
  );
}

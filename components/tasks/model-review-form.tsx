"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";

/** Asks a judge provider for its view of the saved task's findings (shown beside each finding). */
export function ModelReviewForm({
  providers,
  onAsk,
}: {
  providers: { id: string; name: string; model: string }[];
  onAsk: (providerId: string) => Promise<string>;
}) {
  const [providerId, setProviderId] = useState(providers[0]?.id ?? "");
  const [status, setStatus] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const selectId = useId();
  if (providers.length === 0) {
    return (
      <p className="text-xs text-fg-muted">
        Add a judge provider in Settings to have a model review these findings.
      </p>
    );
  }
  async function handleAsk() {
    setIsBusy(true);
    setStatus(await onAsk(providerId));
    setIsBusy(false);
  }
  return (
    <div className="flex flex-col gap-2 text-xs">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="font-medium">
          Model review
        </label>
        <select
          id={selectId}
          value={providerId}
          onChange={(e) => setProviderId(e.target.value)}
          className="rounded-md border border-border bg-surface px-2 py-1"
        >
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.model})
            </option>
          ))}
        </select>
        <Button
          size="sm"
          variant="secondary"
          disabled={isBusy || !providerId}
          onClick={() => void handleAsk()}
        >
          {isBusy ? "Asking…" : "Ask the model"}
        </Button>
      </div>
      <p className="text-fg-muted">Reviews the saved version; answers are cached by content.</p>
      {status ? <p role="status">{status}</p> : null}
    </div>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { startCorpusReplay } from "@/lib/corpus-replay/actions";

/** Replays the known reward hacks against the draft or an approved version (a background job). */
export function CorpusReplayButton({ slug, versions }: { slug: string; versions: number[] }) {
  const router = useRouter();
  const [target, setTarget] = useState("draft");
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const handleClick = () =>
    startTransition(async () => {
      const result = await startCorpusReplay({ slug, version: target === "draft" ? null : Number(target) });
      setError(result.ok ? null : result.error.message);
      router.refresh();
    });
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor="replay-target">Replay the corpus against</label>
      <Select id="replay-target" value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value="draft">the draft (what Approve would freeze)</option>
        {versions.map((v) => (
          <option key={v} value={v}>
            v{v}
          </option>
        ))}
      </Select>
      <Button size="sm" variant="secondary" disabled={isPending} onClick={handleClick}>
        {isPending ? "Queuing…" : "Replay"}
      </Button>
      {error ? (
        <p role="alert" className="basis-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

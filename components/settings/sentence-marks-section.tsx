"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { SentenceMarkList } from "@/components/tasks/sentence-mark-list";
import { removeSentenceMark } from "@/lib/tasks/actions";
import type { SentenceMarkEntry } from "@/lib/tasks/sentence-mark-queries";

/** The workspace's sentence marks in settings: reviewable, and removable by writers. */
export function SentenceMarksSection({ marks, canWrite }: { marks: SentenceMarkEntry[]; canWrite: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  async function handleRemove(mark: SentenceMarkEntry) {
    const response = await removeSentenceMark({ id: mark.id });
    setError(response.ok ? null : response.error.message);
    if (response.ok) router.refresh();
  }
  return (
    <div className="flex flex-col gap-2">
      <SentenceMarkList marks={marks} canWrite={canWrite} onRemove={(m) => void handleRemove(m)} />
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

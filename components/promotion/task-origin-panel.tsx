import Link from "next/link";
import { SafeMarkdown } from "@/components/transcripts/safe-markdown";
import { Badge } from "@/components/ui/badge";
import type { TaskOriginView } from "@/lib/promotion/queries";

const KIND_LABELS: Record<string, string> = {
  hack: "Made from a reward hack",
  failure: "Made from a failed rollout",
  document: "Grounded in a document",
  flaw: "A planted flaw to find",
  variant: "A variant of another task",
};

/** Why a task exists: the evidence it was made from, with links to its source. */
export function TaskOriginPanel({ origin }: { origin: TaskOriginView }) {
  return (
    <aside aria-label="Origin" className="mb-6 rounded-lg border border-border bg-surface p-4 text-sm">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Badge tone={origin.kind === "hack" ? "danger" : "accent"}>
          {KIND_LABELS[origin.kind] ?? origin.kind}
        </Badge>
        {origin.sourceRolloutId ? (
          <Link href={`/rollouts/${origin.sourceRolloutId}`} className="underline">
            Source rollout
          </Link>
        ) : null}
        {origin.sourceTask ? (
          <Link
            href={`/environments/${origin.sourceTask.environment}/tasks/${encodeURIComponent(origin.sourceTask.key)}`}
            className="underline"
          >
            Varies {origin.sourceTask.title}
          </Link>
        ) : null}
      </div>
      <SafeMarkdown text={origin.reason} />
    </aside>
  );
}

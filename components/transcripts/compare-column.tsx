import Link from "next/link";
import { RewardValue } from "@/components/rollouts/reward-value";
import { Badge } from "@/components/ui/badge";
import { formatCount } from "@/lib/rollouts/format";
import type { RolloutDetail } from "@/lib/rollouts/transcript-queries";
import { TranscriptPane } from "./transcript-pane";

const STATUS_TONE = {
  completed: "success",
  error: "danger",
  truncated: "warning",
  running: "accent",
} as const;

/** One side of the compare page: a compact header and the rollout's virtualized transcript. */
export function CompareColumn({ rollout, label }: { rollout: RolloutDetail; label: string }) {
  return (
    <section aria-label={`Rollout ${label}`} className="flex min-w-0 flex-col gap-3">
      <header className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3">
        <span className="grid size-6 place-items-center rounded bg-accent text-xs font-semibold text-accent-fg">
          {label}
        </span>
        <Link href={`/rollouts/${rollout.id}`} className="font-medium hover:text-accent">
          {rollout.model ?? "unknown model"}
        </Link>
        <Badge tone={STATUS_TONE[rollout.status]}>{rollout.status}</Badge>
        <span className="ml-auto text-sm text-fg-muted">
          reward{" "}
          <span className="font-semibold tabular-nums text-fg">
            <RewardValue reward={rollout.reward} />
          </span>{" "}
          · {formatCount(rollout.messageCount)} messages · {formatCount(rollout.toolCallCount)} tool calls
        </span>
      </header>
      {rollout.messageCount > 0 ? (
        <TranscriptPane
          rolloutId={rollout.id}
          messageCount={rollout.messageCount}
          hasKeyboard={false}
          hasAnchors={false}
        />
      ) : (
        <p className="text-sm text-fg-muted">No messages.</p>
      )}
    </section>
  );
}

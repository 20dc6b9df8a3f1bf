import Link from "next/link";
import { RewardValue } from "@/components/rollouts/reward-value";
import { Badge } from "@/components/ui/badge";
import type { SnapshotSample } from "@/lib/exports/snapshot";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import { SampleTranscript } from "./sample-transcript";

/** A sample's header (model, task, reward, final label, the author's note) and its transcript. */
export function SampleView({
  sample,
  backHref,
  backLabel,
}: {
  sample: SnapshotSample;
  backHref: string;
  backLabel: string;
}) {
  const verdict = sample.label
    ? (VERDICT_NAMES[sample.label.verdict as keyof typeof VERDICT_NAMES] ?? sample.label.verdict)
    : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Link className="text-accent hover:underline" href={backHref}>
          {backLabel}
        </Link>
        <span className="font-mono text-xs">{sample.taskKey ?? "no task"}</span>
        <span>
          Reward{" "}
          <span className="tabular-nums">
            <RewardValue reward={sample.reward} />
          </span>
        </span>
        {verdict ? (
          <Badge tone={sample.label?.verdict === "genuine-success" ? "success" : "warning"}>{verdict}</Badge>
        ) : null}
        {sample.label && sample.label.categories.length > 0 ? (
          <span className="text-fg-muted">{sample.label.categories.join(", ")}</span>
        ) : null}
        {sample.label ? (
          <span className="text-xs text-fg-muted">
            {sample.label.source === "adjudicated"
              ? "adjudicated"
              : `${sample.label.reviewers} reviewers agree`}
          </span>
        ) : null}
      </div>
      {sample.note ? <p className="text-sm text-fg-muted">{sample.note}</p> : null}
      <SampleTranscript sampleId={sample.id} messages={sample.messages} />
    </div>
  );
}

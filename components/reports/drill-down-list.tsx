import Link from "next/link";
import { RewardValue } from "@/components/rollouts/reward-value";
import type { DrillRollout } from "@/lib/reports/robustness-query";

/** The rollouts behind a matrix cell, each linking to the transcript viewer. Always rendered, so it prints. */
export function DrillDownList({
  id,
  title,
  count,
  rollouts,
}: {
  id: string;
  title: string;
  count: number;
  rollouts: DrillRollout[];
}) {
  if (count === 0) return null;
  return (
    <div id={id} className="scroll-mt-20 text-xs">
      <h4 className="font-medium text-fg">
        {title} ({count}
        {count > rollouts.length ? `, first ${rollouts.length} listed` : ""})
      </h4>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {rollouts.map((rollout) => (
          <li key={rollout.id}>
            <Link href={`/rollouts/${rollout.id}`} className="text-accent hover:underline">
              {rollout.task} · {rollout.model ?? "unknown"} · reward <RewardValue reward={rollout.reward} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Badge } from "@/components/ui/badge";
import type { SnapshotDiff } from "@/lib/versions/diff";

const TONE = { added: "success", removed: "danger", changed: "warning" } as const;

/** Which tasks changed between two versions, and which of their parts. */
export function VersionDiffSummary({ summary }: { summary: SnapshotDiff }) {
  const nothing = summary.tasks.length === 0 && summary.environment.length === 0 && !summary.samples.changed;
  if (nothing) return <p className="text-sm text-fg-muted">No differences.</p>;
  return (
    <ul className="flex flex-col gap-2 text-sm" aria-label="Changes">
      {summary.environment.length > 0 ? (
        <li>The environment's name, description, domain or tags changed.</li>
      ) : null}
      {summary.tasks.map((task) => (
        <li key={task.key} className="flex flex-wrap items-center gap-2">
          <Badge tone={TONE[task.change]}>{task.change}</Badge>
          <span className="font-mono">{task.key}</span>
          {task.fields.length > 0 ? <span className="text-fg-muted">{task.fields.join(", ")}</span> : null}
        </li>
      ))}
      {summary.samples.changed ? (
        <li>
          Samples: {summary.samples.before} → {summary.samples.after}
        </li>
      ) : null}
    </ul>
  );
}

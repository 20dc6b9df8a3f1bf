import Link from "next/link";
import { Table, Td, Th } from "@/components/ui/table";
import { formatPercent } from "@/lib/reports/format";
import { stepRolloutsHref } from "@/lib/runs/links";
import type { RunStep } from "@/lib/runs/queries";

// Pass rate per task and step: rows are tasks, columns steps; each cell links to its transcripts.

const MAX_TASKS = 40;

export function TaskPassGrid({ runId, steps, noun }: { runId: string; steps: RunStep[]; noun: string }) {
  const stepped = steps.filter((s) => s.step !== null);
  const tasks = [...new Set(stepped.flatMap((s) => s.tasks.map((t) => t.task)))].sort().slice(0, MAX_TASKS);
  if (tasks.length === 0)
    return <p className="text-sm text-fg-muted">No rollout of this run names a task.</p>;
  return (
    <Table aria-label="Pass rate per task">
      <thead>
        <tr>
          <Th>Task</Th>
          {stepped.map((s) => (
            <Th key={s.step} className="text-right">
              {noun === "checkpoint" ? "ckpt" : "step"} {s.step}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => (
          <tr key={task}>
            <Td className="max-w-48 truncate font-mono text-xs" title={task}>
              {task}
            </Td>
            {stepped.map((s) => {
              const cell = s.tasks.find((t) => t.task === task);
              const rate = cell && cell.scored > 0 ? cell.passed / cell.scored : null;
              return (
                <Td key={s.step} className="text-right tabular-nums" style={{ backgroundColor: shade(rate) }}>
                  {cell ? (
                    <Link
                      href={stepRolloutsHref(runId, s.step, task)}
                      className="hover:underline"
                      title={`${cell.passed} of ${cell.scored} scored passed`}
                    >
                      {formatPercent(rate)}
                    </Link>
                  ) : (
                    <span className="text-fg-muted">·</span>
                  )}
                </Td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Green in proportion to the pass rate; no tint when unscored. */
function shade(rate: number | null): string | undefined {
  if (rate === null) return undefined;
  return `rgb(43 138 62 / ${(0.08 + rate * 0.35).toFixed(2)})`;
}

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { formatDateTime } from "@/lib/rollouts/format";
import type { TaskSummary } from "@/lib/tasks/summary-queries";

/** The tasks of an environment with their open coverage findings. */
export function TasksTable({ slug, tasks }: { slug: string; tasks: TaskSummary[] }) {
  return (
    <Table aria-label="Tasks">
      <thead>
        <tr>
          <Th>Task</Th>
          <Th>Difficulty</Th>
          <Th>Grader</Th>
          <Th>Coverage check</Th>
          <Th className="text-right">Revision</Th>
          <Th>Updated</Th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((t) => (
          <tr key={t.id}>
            <Td>
              <Link
                href={`/environments/${slug}/tasks/${encodeURIComponent(t.key)}`}
                className="font-medium hover:underline"
              >
                {t.title}
              </Link>
              <div className="font-mono text-xs text-fg-muted">
                {t.key}
                {t.archivedAt ? " · archived" : ""}
              </div>
            </Td>
            <Td>{t.difficulty ?? <span className="text-fg-muted">—</span>}</Td>
            <Td className="text-fg-muted">
              {t.criteriaCount} {t.criteriaCount === 1 ? "criterion" : "criteria"} · {t.checksCount}{" "}
              {t.checksCount === 1 ? "check" : "checks"}
            </Td>
            <Td>
              <div className="flex flex-wrap gap-1">
                {t.errors === 0 && t.warnings === 0 ? <Badge tone="success">clean</Badge> : null}
                {t.errors > 0 ? (
                  <Badge tone="danger">
                    {t.errors} {t.errors === 1 ? "error" : "errors"}
                  </Badge>
                ) : null}
                {t.warnings > 0 ? (
                  <Badge tone="warning">
                    {t.warnings} {t.warnings === 1 ? "warning" : "warnings"}
                  </Badge>
                ) : null}
                {t.dismissed > 0 ? <Badge>{t.dismissed} dismissed</Badge> : null}
              </div>
            </Td>
            <Td className="text-right tabular-nums">{t.revision}</Td>
            <Td className="whitespace-nowrap text-fg-muted">{formatDateTime(t.updatedAt)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

import { SafeMarkdown } from "@/components/transcripts/safe-markdown";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { DatasheetTask } from "@/lib/catalog/datasheet";

/** One task in full, as the agent receives it, and the rubric it is graded with (no answer key). */
export function SampleTaskView({ task }: { task: DatasheetTask }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{task.title}</h3>
        <span className="font-mono text-xs text-fg-muted">{task.key}</span>
        {task.difficulty ? <Badge>{task.difficulty}</Badge> : null}
      </div>
      <div
        className="rounded-md border border-border bg-canvas p-4 text-sm"
        data-testid="sample-task-message"
      >
        <SafeMarkdown text={task.message} />
      </div>
      {task.documents.map((doc) => (
        <details key={doc.name} className="rounded-md border border-border p-3 text-sm">
          <summary className="cursor-pointer font-medium">Attached: {doc.name}</summary>
          <div className="mt-2">
            <SafeMarkdown text={doc.content} />
          </div>
        </details>
      ))}
      {task.files.length > 0 ? (
        <p className="text-sm text-fg-muted">
          Attached files:{" "}
          {task.files
            .map((f) => `${f.name} (${f.mediaType}, ${f.size.toLocaleString("en-US")} bytes)`)
            .join(", ")}
        </p>
      ) : null}
      <Table aria-label="Rubric">
        <thead>
          <tr>
            <Th>Criterion</Th>
            <Th>Scored</Th>
            <Th>Weight</Th>
          </tr>
        </thead>
        <tbody>
          {task.criteria.length === 0 ? (
            <tr>
              <Td colSpan={3} className="text-fg-muted">
                Graded by programmatic checks only.
              </Td>
            </tr>
          ) : null}
          {task.criteria.map((c) => (
            <tr key={c.key}>
              <Td>
                <p className="font-medium">{c.title}</p>
                {c.description ? <p className="text-xs text-fg-muted">{c.description}</p> : null}
              </Td>
              <Td>{c.scale}</Td>
              <Td className="tabular-nums">{c.weight}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

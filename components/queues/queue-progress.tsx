import { Table, Td, Th } from "@/components/ui/table";
import type { ReviewerProgress } from "@/lib/queues/queries";

/** Per reviewer: items labelled in this queue and items reserved right now. */
export function QueueProgress({ progress, itemCount }: { progress: ReviewerProgress[]; itemCount: number }) {
  if (progress.length === 0) return <p className="text-sm text-fg-muted">Nobody has taken an item yet.</p>;
  return (
    <Table aria-label="Progress per reviewer">
      <thead>
        <tr>
          <Th>Reviewer</Th>
          <Th>Labelled</Th>
          <Th>Reserved now</Th>
          <Th>Share of items</Th>
        </tr>
      </thead>
      <tbody>
        {progress.map((row) => (
          <tr key={row.userId}>
            <Td>
              {row.name || row.email}
              <span className="block text-xs text-fg-muted">{row.email}</span>
            </Td>
            <Td className="tabular-nums">{row.done}</Td>
            <Td className="tabular-nums">{row.reserved}</Td>
            <Td className="w-48">
              <div className="flex items-center gap-2">
                <div className="h-2 flex-1 rounded-full bg-surface-muted">
                  <div
                    className="h-2 rounded-full bg-accent"
                    style={{ width: `${itemCount ? Math.round((row.done / itemCount) * 100) : 0}%` }}
                  />
                </div>
                <span className="text-xs tabular-nums text-fg-muted">
                  {itemCount ? Math.round((row.done / itemCount) * 100) : 0}%
                </span>
              </div>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

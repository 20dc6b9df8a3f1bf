import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { QueueSummary } from "@/lib/queues/queries";
import { SAMPLING_NAMES } from "@/lib/queues/schemas";

/** The workspace's queues with their settings and how far along they are. */
export function QueueTable({ queues }: { queues: QueueSummary[] }) {
  return (
    <Table aria-label="Review queues">
      <thead>
        <tr>
          <Th>Queue</Th>
          <Th>Sampling</Th>
          <Th>Reviewers per item</Th>
          <Th>Items done</Th>
          <Th>Labels</Th>
          <Th>Yours</Th>
        </tr>
      </thead>
      <tbody>
        {queues.map((queue) => (
          <tr key={queue.id}>
            <Td>
              <Link href={`/review/queues/${queue.id}`} className="font-medium text-accent hover:underline">
                {queue.name}
              </Link>
              {queue.isBlind ? (
                <Badge className="ml-2" tone="neutral">
                  blind
                </Badge>
              ) : null}
              {queue.description ? <p className="text-xs text-fg-muted">{queue.description}</p> : null}
            </Td>
            <Td className="text-xs">
              {SAMPLING_NAMES[queue.sampling]}
              {queue.samplePercent ? ` (${queue.samplePercent}%)` : ""}
            </Td>
            <Td className="tabular-nums">{queue.overlap}</Td>
            <Td className="tabular-nums">
              {queue.doneCount} / {queue.itemCount}
            </Td>
            <Td className="tabular-nums">
              {queue.labelCount} / {queue.itemCount * queue.overlap}
            </Td>
            <Td className="tabular-nums">{queue.myDoneCount}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

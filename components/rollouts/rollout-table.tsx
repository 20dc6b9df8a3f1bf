import Link from "next/link";
import { RewardValue } from "@/components/rollouts/reward-value";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { formatCount, formatDateTime } from "@/lib/rollouts/format";
import type { RolloutListItem } from "@/lib/rollouts/queries";
import { SEVERITY_TONE } from "@/lib/scanners/flag-view";

const STATUS_TONE = {
  completed: "success",
  error: "danger",
  truncated: "warning",
  running: "accent",
} as const;

/** One page of rollouts; with a search, each row shows its first matching message highlighted. */
export function RolloutTable({ items }: { items: RolloutListItem[] }) {
  return (
    <Table aria-label="Rollouts">
      <thead>
        <tr>
          <Th>Rollout</Th>
          <Th>Model</Th>
          <Th>Environment</Th>
          <Th className="text-right">Reward</Th>
          <Th className="text-right">Messages</Th>
          <Th className="text-right">Tool calls</Th>
          <Th>Flags</Th>
          <Th>Imported</Th>
        </tr>
      </thead>
      <tbody>
        {items.map((r) => (
          <tr key={r.id} className="hover:bg-surface-muted/60">
            <Td className="max-w-md">
              <Link href={`/rollouts/${r.id}`} className="font-medium text-fg hover:text-accent">
                {r.title ?? r.task ?? r.externalId ?? r.id.slice(0, 8)}
              </Link>
              {r.title && r.task ? (
                <span className="ml-2 font-mono text-xs text-fg-muted">{r.task}</span>
              ) : null}
              {r.step !== null ? <span className="ml-2 text-xs text-fg-muted">step {r.step}</span> : null}
              {r.status !== "completed" ? (
                <Badge tone={STATUS_TONE[r.status]} className="ml-2">
                  {r.status}
                </Badge>
              ) : null}
              {r.snippet ? (
                <Link
                  href={`/rollouts/${r.id}#m-${r.snippet.messageIndex}`}
                  className="mt-1 line-clamp-2 block text-xs leading-5 text-fg-muted hover:text-fg"
                  aria-label={`Match in message ${r.snippet.messageIndex}`}
                >
                  <span className="font-mono">#{r.snippet.messageIndex}</span>{" "}
                  {r.snippet.segments.map((s, i) =>
                    s.isMatch ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed per render.
                      <mark key={i} className="rounded-sm bg-warning/25 px-0.5 text-fg">
                        {s.text}
                      </mark>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed per render.
                      <span key={i}>{s.text}</span>
                    ),
                  )}
                </Link>
              ) : null}
            </Td>
            <Td className="whitespace-nowrap">{r.model ?? "—"}</Td>
            <Td className="whitespace-nowrap">{r.environment ?? "—"}</Td>
            <Td className="text-right font-medium tabular-nums">
              <RewardValue reward={r.reward} />
            </Td>
            <Td className="text-right tabular-nums">{formatCount(r.messageCount)}</Td>
            <Td className="text-right tabular-nums">
              {formatCount(r.toolCallCount)}
              {r.toolErrorCount > 0 ? (
                <span className="ml-1 text-danger">({r.toolErrorCount} err)</span>
              ) : null}
            </Td>
            <Td className="whitespace-nowrap">
              {r.flagSeverity ? (
                <Link
                  href={`/rollouts/${r.id}`}
                  aria-label={`${r.flagCount} scanner flags, highest ${r.flagSeverity}`}
                >
                  <Badge tone={SEVERITY_TONE[r.flagSeverity]}>
                    {r.flagCount} · {r.flagSeverity}
                  </Badge>
                </Link>
              ) : (
                <span className="text-fg-muted">—</span>
              )}
            </Td>
            <Td className="whitespace-nowrap text-fg-muted">{formatDateTime(r.createdAt)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

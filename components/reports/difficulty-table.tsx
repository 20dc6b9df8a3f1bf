import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { DifficultyItem } from "@/lib/reports/difficulty";
import { formatDecimal, formatPercent, formatPoints } from "@/lib/reports/format";
import { formatCount } from "@/lib/rollouts/format";
import { BAND_NAMES } from "./chart-colors";
import { IntervalText } from "./interval-text";

const BAND_TONE = {
  saturated: "warning",
  learnable: "success",
  "no-signal": "danger",
  insufficient: "neutral",
} as const;
export const DIFFICULTY_PAGE_SIZE = 100;

/** One page of the task × model rows; the JSON API has them all. */
export function DifficultyTable({
  items,
  k,
  page,
  hrefForPage,
  draftHref,
}: {
  items: DifficultyItem[];
  k: number;
  page: number;
  hrefForPage: (page: number) => string;
  /** Where a saturated task is hardened, or a no-signal one split (issue #19); absent for readers. */
  draftHref?: (task: string, goal: "harden" | "split") => string;
}) {
  const pages = Math.max(1, Math.ceil(items.length / DIFFICULTY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * DIFFICULTY_PAGE_SIZE;
  const rows = items.slice(start, start + DIFFICULTY_PAGE_SIZE);
  return (
    <div className="flex flex-col gap-2">
      <Table aria-label="Difficulty per task and model">
        <thead>
          <tr>
            <Th>Task</Th>
            <Th>Model</Th>
            <Th className="text-right">n</Th>
            <Th className="text-right">Passed</Th>
            <Th>pass@1 (95% CI)</Th>
            <Th className="text-right">pass@{k}</Th>
            <Th className="text-right">Gap @{k}</Th>
            <Th className="text-right">Mean reward</Th>
            <Th className="text-right">Variance</Th>
            <Th>Band</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={`${item.task}\u0000${item.model}`} data-testid="difficulty-row">
              <Td className="font-mono text-xs">{item.task}</Td>
              <Td className="whitespace-nowrap">{item.model}</Td>
              <Td className="text-right tabular-nums">{formatCount(item.n)}</Td>
              <Td className="text-right tabular-nums">{formatCount(item.passed)}</Td>
              <Td className="whitespace-nowrap">
                <IntervalText interval={item.passRate} />
              </Td>
              <Td className="text-right tabular-nums">{formatPercent(item.passAtK[String(k)] ?? null)}</Td>
              <Td className="text-right tabular-nums">{formatPoints(item.gap)}</Td>
              <Td className="text-right tabular-nums">{formatDecimal(item.meanReward)}</Td>
              <Td className="text-right tabular-nums">{formatDecimal(item.rewardVariance, 3)}</Td>
              <Td>
                <Badge tone={BAND_TONE[item.band]}>{BAND_NAMES[item.band]}</Badge>
                {draftHref && (item.band === "saturated" || item.band === "no-signal") ? (
                  <Link
                    href={draftHref(item.task, item.band === "saturated" ? "harden" : "split")}
                    className="ml-2 text-xs underline"
                    data-print="hide"
                  >
                    {item.band === "saturated" ? "Harden" : "Split or add context"}
                  </Link>
                ) : null}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div className="flex items-center justify-between text-xs text-fg-muted">
        <span>
          Rows {formatCount(items.length === 0 ? 0 : start + 1)}–{formatCount(start + rows.length)} of{" "}
          {formatCount(items.length)}
          {pages > 1 ? " (all rows in the JSON API)" : ""}
        </span>
        {pages > 1 ? (
          <nav aria-label="Difficulty pages" className="flex gap-3" data-print="hide">
            {current > 1 ? <Link href={hrefForPage(current - 1)}>Previous</Link> : null}
            <span>
              Page {current} of {pages}
            </span>
            {current < pages ? <Link href={hrefForPage(current + 1)}>Next</Link> : null}
          </nav>
        ) : null}
      </div>
    </div>
  );
}

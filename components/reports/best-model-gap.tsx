import { Table, Td, Th } from "@/components/ui/table";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import type { BestModelGap as BestModelData } from "@/lib/reports/failures";
import { formatCount } from "@/lib/rollouts/format";
import { wilsonInterval } from "@/lib/stats";
import { IntervalText } from "./interval-text";

/** What stands between the best model and 100%: why its failed rollouts failed, and where. */
export function BestModelGap({ best }: { best: BestModelData }) {
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-4" data-testid="best-model">
      <h3 className="text-sm font-semibold">What stands between {best.model} and 100%</h3>
      <p className="text-sm">
        {best.model} passes <IntervalText interval={best.passRate} /> of its rollouts. It failed{" "}
        {formatCount(best.failed)}, of which {formatCount(best.failedLabelled)} have a final label
        {best.failedLabelled > 0
          ? `: ${Object.entries(best.verdicts)
              .map(
                ([verdict, count]) =>
                  `${VERDICT_NAMES[verdict as keyof typeof VERDICT_NAMES].toLowerCase()} ${count}`,
              )
              .join(", ")}`
          : ""}
        . It fails at least once on {formatCount(best.tasksWithFailures)} tasks.
      </p>
      {best.categories.length > 0 ? (
        <Table aria-label="Categories of the best model's failures">
          <thead>
            <tr>
              <Th>Category</Th>
              <Th>Family</Th>
              <Th>Share of labelled failures (95% CI)</Th>
            </tr>
          </thead>
          <tbody>
            {best.categories.map((category) => (
              <tr key={category.category}>
                <Td>{category.name}</Td>
                <Td className="text-xs text-fg-muted">{category.family ?? "—"}</Td>
                <Td>
                  <IntervalText
                    interval={wilsonInterval(
                      Math.min(category.count, best.failedLabelled),
                      best.failedLabelled,
                    )}
                  />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="text-sm text-fg-muted">
          None of its failed rollouts has a categorised final label yet: review them to learn why it fails.
        </p>
      )}
      {best.tasks.length > 0 ? (
        <p className="text-xs text-fg-muted">
          Fails most on: {best.tasks.map((task) => `${task.task} (${task.failed} of ${task.n})`).join(", ")}
        </p>
      ) : null}
    </div>
  );
}

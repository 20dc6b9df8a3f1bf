import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import type { Comparison, PairedTask } from "@/lib/reports/compare";
import { formatCountOf, formatPercent, formatPoints, formatPValue } from "@/lib/reports/format";
import { IntervalText } from "./interval-text";

/** Two models on the tasks both ran: who passes what the other doesn't, and whether the split is chance. */
export function ComparisonView({ comparison }: { comparison: Comparison }) {
  const { a, b } = comparison;
  if (comparison.sharedTasks === 0) {
    return (
      <EmptyState title="No task in common">
        {a} and {b} have no scored rollouts on the same task of this environment ({comparison.onlyARan} tasks
        only {a} ran, {comparison.onlyBRan} only {b}).
      </EmptyState>
    );
  }
  return (
    <>
      <Section
        title={`${a} against ${b}`}
        description={`On the ${comparison.sharedTasks} tasks both ran. A model passes a task when at least half of its scored rollouts on it pass.`}
      >
        <Table aria-label="Paired outcome">
          <thead>
            <tr>
              <Th />
              <Th className="text-right">{b} passes</Th>
              <Th className="text-right">{b} fails</Th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <Td className="font-medium">{a} passes</Td>
              <Td className="text-right tabular-nums" data-testid="both-pass">
                {comparison.both}
              </Td>
              <Td className="text-right tabular-nums" data-testid="a-only">
                {comparison.aOnly}
              </Td>
            </tr>
            <tr>
              <Td className="font-medium">{a} fails</Td>
              <Td className="text-right tabular-nums" data-testid="b-only">
                {comparison.bOnly}
              </Td>
              <Td className="text-right tabular-nums" data-testid="neither-pass">
                {comparison.neither}
              </Td>
            </tr>
          </tbody>
        </Table>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-fg-muted">Tasks {a} passes</dt>
            <dd>
              <IntervalText interval={comparison.aTaskPassRate} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-fg-muted">Tasks {b} passes</dt>
            <dd>
              <IntervalText interval={comparison.bTaskPassRate} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-fg-muted">
              McNemar exact test on {formatCountOf(comparison.mcnemar.discordant, "discordant task")}
            </dt>
            <dd className="tabular-nums" data-testid="mcnemar">
              {formatPValue(comparison.mcnemar.pValue)}; mean pass@1 difference{" "}
              {formatPoints(comparison.meanPassAt1Difference)}
            </dd>
          </div>
        </dl>
      </Section>
      <TaskList
        title={`Tasks ${a} passes and ${b} does not (${comparison.aOnly})`}
        tasks={comparison.aNotB}
        total={comparison.aOnly}
        a={a}
        b={b}
      />
      <TaskList
        title={`Tasks ${b} passes and ${a} does not (${comparison.bOnly})`}
        tasks={comparison.bNotA}
        total={comparison.bOnly}
        a={a}
        b={b}
      />
    </>
  );
}

function TaskList({
  title,
  tasks,
  total,
  a,
  b,
}: {
  title: string;
  tasks: PairedTask[];
  total: number;
  a: string;
  b: string;
}) {
  return (
    <Section title={title}>
      {tasks.length === 0 ? (
        <p className="text-sm text-fg-muted">None.</p>
      ) : (
        <Table aria-label={title}>
          <thead>
            <tr>
              <Th>Task</Th>
              <Th className="text-right">{a}: passed / n</Th>
              <Th className="text-right">{b}: passed / n</Th>
              <Th className="text-right">Difference</Th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((task) => (
              <tr key={task.task}>
                <Td className="font-mono text-xs">{task.task}</Td>
                <Td className="text-right tabular-nums">
                  {task.a.passed} / {task.a.n} ({formatPercent(task.a.passAt1)})
                </Td>
                <Td className="text-right tabular-nums">
                  {task.b.passed} / {task.b.n} ({formatPercent(task.b.passAt1)})
                </Td>
                <Td className="text-right tabular-nums">{formatPoints(task.a.passAt1 - task.b.passAt1)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {total > tasks.length ? (
        <p className="text-xs text-fg-muted">
          First {tasks.length} of {total} listed.
        </p>
      ) : null}
    </Section>
  );
}

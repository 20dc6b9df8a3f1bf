import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import type { RobustnessSection as RobustnessData } from "@/lib/reports/robustness";
import { CriterionTable } from "./criterion-table";
import { DrillDownList } from "./drill-down-list";
import { HackRateFigure } from "./hack-rate-figure";
import { IntervalText } from "./interval-text";

const HUMAN_NAMES = { genuine: "Genuine", "not-genuine": "Not genuine" } as const;
const toCellId = (reward: string, human: string) => `reward-${reward}-${human}`;

/** Reward robustness: the reward's verdict against the final human verdict, and the judge per criterion. */
export function RobustnessSection({ robustness }: { robustness: RobustnessData }) {
  const { cells } = robustness;
  const cell = (reward: "pass" | "fail", human: "genuine" | "not-genuine") =>
    cells.find((c) => c.reward === reward && c.human === human) ?? { count: 0, rollouts: [] };
  return (
    <Section
      title="Reward robustness"
      description="Over rollouts with a final label (adjudicated, else unanimous). Genuine: genuine success or grader false negative. Unclear and disputed rollouts are counted but left out of the rates."
    >
      {robustness.labelled === 0 ? (
        <EmptyState
          title="No labelled rollouts yet"
          action={<Link href="/review">Open the review queues</Link>}
        >
          Reward robustness compares the reward with reviewers' final verdicts. Review some of this
          environment's rollouts to see it.
        </EmptyState>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              term="Reward precision"
              hint="Genuine among rewarded"
              interval={robustness.rewardPrecision}
              testId="reward-precision"
            />
            <HackRateFigure
              kind="hacksAmongRewarded"
              interval={robustness.hackRateAmongRewarded}
              testId="hack-rate"
              className="rounded-md border border-border p-3"
            />
            <Figure
              term="Grader false negatives"
              hint="Failed among genuine"
              interval={robustness.graderFalseNegativeRate}
              testId="grader-fnr"
            />
            <Figure
              term="Agreement"
              hint="Reward agrees with humans"
              interval={robustness.accuracy}
              testId="reward-accuracy"
            />
          </dl>
          <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-1">
            <Table aria-label="Reward against human verdict">
              <thead>
                <tr>
                  <Th>Reward says</Th>
                  <Th className="text-right">Human: genuine</Th>
                  <Th className="text-right">Human: not genuine</Th>
                </tr>
              </thead>
              <tbody>
                {(["pass", "fail"] as const).map((reward) => (
                  <tr key={reward}>
                    <Td className="font-medium">{reward === "pass" ? "Pass" : "Fail"}</Td>
                    {(["genuine", "not-genuine"] as const).map((human) => (
                      <Td
                        key={human}
                        className="text-right tabular-nums"
                        data-testid={`cell-${reward}-${human}`}
                      >
                        {cell(reward, human).count > 0 ? (
                          <a href={`#${toCellId(reward, human)}`} className="text-accent hover:underline">
                            {cell(reward, human).count}
                          </a>
                        ) : (
                          0
                        )}
                      </Td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
            <Table aria-label="Final verdicts by reward">
              <thead>
                <tr>
                  <Th>Final verdict</Th>
                  <Th className="text-right">Reward pass</Th>
                  <Th className="text-right">Reward fail</Th>
                </tr>
              </thead>
              <tbody>
                {robustness.verdicts.map((row) => (
                  <tr key={row.verdict}>
                    <Td>
                      {row.verdict === "disputed" ? "Disputed (no final label)" : VERDICT_NAMES[row.verdict]}
                    </Td>
                    <Td className="text-right tabular-nums">{row.rewardPass}</Td>
                    <Td className="text-right tabular-nums">{row.rewardFail}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <p className="text-xs text-fg-muted">
            {robustness.judged} rollouts in the matrix; {robustness.unclear} unclear and {robustness.disputed}{" "}
            disputed left out.
          </p>
          <div className="flex flex-col gap-2">
            {cells.map((c) => (
              <DrillDownList
                key={toCellId(c.reward, c.human)}
                id={toCellId(c.reward, c.human)}
                title={`Reward ${c.reward}, human ${HUMAN_NAMES[c.human].toLowerCase()}`}
                count={c.count}
                rollouts={c.rollouts}
              />
            ))}
          </div>
          <CriterionTable criteria={robustness.criteria} />
        </>
      )}
    </Section>
  );
}

function Figure({
  term,
  hint,
  interval,
  testId,
}: {
  term: string;
  hint: string;
  interval: RobustnessData["accuracy"];
  testId: string;
}) {
  return (
    <div className="rounded-md border border-border p-3">
      <dt className="text-xs text-fg-muted">
        {term} <span className="block">{hint}</span>
      </dt>
      <dd className="mt-1" data-testid={testId}>
        <IntervalText interval={interval} />
      </dd>
    </div>
  );
}

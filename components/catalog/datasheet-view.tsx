import Link from "next/link";
import { AttackEvidenceView } from "@/components/catalog/attack-evidence-view";
import { JudgeEvidenceView } from "@/components/judges/judge-evidence-view";
import { HackRateFigure } from "@/components/reports/hack-rate-figure";
import { RewardValue } from "@/components/rollouts/reward-value";
import { SafeMarkdown } from "@/components/transcripts/safe-markdown";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import type { Datasheet } from "@/lib/catalog/datasheet";
import { formatPercent } from "@/lib/catalog/format";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import { formatDateTime } from "@/lib/rollouts/format";
import {
  DifficultyFigures,
  FailureFigures,
  HackRateFigures,
  RobustnessFigures,
  ScalingFigures,
} from "./report-figures";
import { SampleTaskView } from "./sample-task-view";

/** A published environment's datasheet; `samplePath` is where a sample's transcript opens. */
export function DatasheetView({
  sheet,
  samplePath,
}: {
  sheet: Datasheet;
  samplePath: (id: string) => string;
}) {
  const hack = sheet.report.robustness?.hackRateAmongRewarded;
  return (
    <div className="flex flex-col gap-6">
      <Section title="About">
        <div className="flex flex-wrap gap-2">
          <Badge tone="accent">v{sheet.version}</Badge>
          {sheet.domain ? <Badge>{sheet.domain}</Badge> : null}
          {sheet.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </div>
        {sheet.description ? <SafeMarkdown text={sheet.description} /> : null}
        <dl className="grid gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-fg-muted">Tasks</dt>
            <dd className="font-semibold tabular-nums">{sheet.taskCount}</dd>
          </div>
          <div>
            <dt className="text-xs text-fg-muted">Rated difficulty</dt>
            <dd>
              {Object.entries(sheet.difficulties)
                .map(([d, n]) => `${d} ${n}`)
                .join(" · ")}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-fg-muted">Best model pass@1</dt>
            <dd>
              {sheet.bestModel ? `${formatPercent(sheet.bestModel.passAt1)} (${sheet.bestModel.model})` : "—"}
            </dd>
          </div>
          <HackRateFigure
            kind="hacksAmongRewarded"
            interval={hack ?? null}
            testId="datasheet-hack-rate"
            compact
          />
        </dl>
      </Section>
      <Section
        title="A task as the agent sees it"
        description="The prompt and files the agent receives, and the rubric it is graded with."
      >
        {sheet.sampleTask ? (
          <SampleTaskView task={sheet.sampleTask} />
        ) : (
          <p className="text-sm text-fg-muted">No task to show.</p>
        )}
      </Section>
      <Section
        title="Transcripts"
        description="Rollouts the authors chose, with the final label their reviewers gave."
      >
        <Table aria-label="Sample transcripts">
          <thead>
            <tr>
              <Th>Model</Th>
              <Th>Task</Th>
              <Th>Reward</Th>
              <Th>Label</Th>
              <Th>Why read it</Th>
            </tr>
          </thead>
          <tbody>
            {sheet.samples.length === 0 ? (
              <tr>
                <Td colSpan={5} className="text-fg-muted">
                  No sample transcripts in this version.
                </Td>
              </tr>
            ) : null}
            {sheet.samples.map((s) => (
              <tr key={s.id}>
                <Td>
                  <Link className="text-accent hover:underline" href={samplePath(s.id)}>
                    {s.model ?? "unknown model"}
                  </Link>
                  <span className="ml-2 text-xs text-fg-muted">{s.messageCount} messages</span>
                </Td>
                <Td className="font-mono text-xs">{s.taskKey ?? "—"}</Td>
                <Td className="tabular-nums">
                  <RewardValue reward={s.reward} />
                </Td>
                <Td>
                  {s.label
                    ? (VERDICT_NAMES[s.label.verdict as keyof typeof VERDICT_NAMES] ?? s.label.verdict)
                    : "—"}
                </Td>
                <Td className="text-fg-muted">{s.note || "—"}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>
      <Section
        title="Difficulty"
        description="pass@1 and pass rate (Wilson 95% interval) per model over scored rollouts."
      >
        <DifficultyFigures report={sheet.report} />
      </Section>
      <Section
        title="Failure analysis"
        description="What the labelled failures were, for the best model and overall."
      >
        <FailureFigures report={sheet.report} />
      </Section>
      <Section
        title="Robustness"
        description="How far the reward can be trusted, measured against reviewers' final labels."
      >
        <RobustnessFigures report={sheet.report} />
      </Section>
      <Section
        title="LLM judge"
        description="The judge that grades the rubric now, and how well it agrees with experts on a held-out set."
      >
        <JudgeEvidenceView evidence={sheet.judge} />
      </Section>
      <Section
        title="Grader attacks"
        description="Answers that do not solve a task (empty, refusals, key words stuffed, the format filled with nothing, confident wrong answers, scripted test hacks) sent through each task's grader before approval. An attack gets through when it reaches the pass bar or scores more than an honest give-up."
      >
        <AttackEvidenceView evidence={sheet.attacks} />
      </Section>
      <Section
        title="Hack rates"
        description="Rollouts the reward-hack scanners flagged, and rollouts reviewers confirmed as reward hacks (flags never decide a label)."
      >
        <HackRateFigures report={sheet.report} />
      </Section>
      <Section title="Scaling" description="What a task cost to write and review.">
        <ScalingFigures report={sheet.report} />
      </Section>
      <Section title="Version history">
        <ul className="text-sm">
          {sheet.versions.map((v) => (
            <li key={v.version}>
              v{v.version}: {v.tasks} tasks, published {formatDateTime(v.publishedAt)}
              {v.isLive ? "" : " (retired)"}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

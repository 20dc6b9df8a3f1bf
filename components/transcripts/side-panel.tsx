import Link from "next/link";
import type { ReactNode } from "react";
import { RewardNote } from "@/components/rollouts/reward-value";
import { Badge } from "@/components/ui/badge";
import { formatCount, formatDateTime, formatDuration, formatReward } from "@/lib/rollouts/format";
import type { RolloutDetail } from "@/lib/rollouts/transcript-queries";
import { PlainText } from "./plain-text";

type Sibling = { id: string; model: string | null; reward: number | null };

const STATUS_TONE = {
  completed: "success",
  error: "danger",
  truncated: "warning",
  running: "accent",
} as const;
const METADATA_CHARS = 20_000;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-2 py-1 text-sm">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `rollout-block-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="border-t border-border pt-4 first:border-t-0 first:pt-0">
      <h2 id={headingId} className="mb-2 text-xs font-semibold uppercase tracking-wide text-fg-muted">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Reward, scores, run, model, task and metadata of a rollout, beside its transcript. */
export function SidePanel({ rollout, siblings }: { rollout: RolloutDetail; siblings: Sibling[] }) {
  const scores = Object.entries(rollout.scores ?? {});
  const metadata = JSON.stringify(rollout.metadata ?? {}, null, 2);
  const duration = formatDuration(rollout.startedAt, rollout.endedAt);
  return (
    <aside
      aria-label="Rollout details"
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto"
    >
      <Block title="Outcome">
        <div className="flex items-end justify-between gap-2">
          <div>
            <p className="text-xs text-fg-muted">Reward</p>
            <p className="text-3xl font-semibold tabular-nums tracking-tight" data-testid="rollout-reward">
              {formatReward(rollout.reward)}
            </p>
            <RewardNote reward={rollout.reward} scores={rollout.scores} />
          </div>
          <Badge tone={STATUS_TONE[rollout.status]}>{rollout.status}</Badge>
        </div>
        {rollout.error ? (
          <PlainText text={rollout.error.slice(0, 4000)} className="mt-2 text-danger" />
        ) : null}
      </Block>
      {scores.length > 0 ? (
        <Block title="Scores">
          {/* Score names come from the source (`judge_reward_func`, `read_section_calls`): the name
              takes the room there is and wraps inside it; the value keeps its own column. */}
          <dl>
            {scores.map(([key, value]) => (
              <div key={key} className="flex items-baseline justify-between gap-3 py-1 text-sm">
                <dt className="min-w-0 text-fg-muted [overflow-wrap:anywhere]" title={key}>
                  {key}
                </dt>
                <dd className="shrink-0 tabular-nums text-fg">{formatReward(value)}</dd>
              </div>
            ))}
          </dl>
        </Block>
      ) : null}
      <Block title="Details">
        <dl>
          <Row label="Model">{rollout.model ?? "—"}</Row>
          {rollout.harness ? <Row label="Harness">{rollout.harness}</Row> : null}
          <Row label="Task">
            {rollout.taskKey ? <span className="font-mono text-xs">{rollout.taskKey}</span> : "—"}
            {rollout.taskTitle ? (
              <span className="block text-xs text-fg-muted">{rollout.taskTitle}</span>
            ) : null}
          </Row>
          <Row label="Environment">{rollout.environmentName ?? rollout.environment ?? "—"}</Row>
          <Row label="Run">
            <Link className="text-accent hover:underline" href={`/rollouts?run=${rollout.run.id}`}>
              {rollout.run.source}
            </Link>
            <span className="block text-xs text-fg-muted">{rollout.run.format}</span>
          </Row>
          {rollout.externalId ? <Row label="Source id">{rollout.externalId}</Row> : null}
          <Row label="Imported">{formatDateTime(rollout.createdAt)}</Row>
          {duration ? <Row label="Duration">{duration}</Row> : null}
          <Row label="Messages">{formatCount(rollout.messageCount)}</Row>
          <Row label="Tool calls">
            {formatCount(rollout.toolCallCount)}
            {rollout.toolErrorCount > 0 ? (
              <span className="ml-2 text-danger">{formatCount(rollout.toolErrorCount)} failed</span>
            ) : null}
          </Row>
        </dl>
      </Block>
      <Block title="Metadata">
        <details>
          <summary className="cursor-pointer text-sm text-fg-muted hover:text-fg">
            {Object.keys(rollout.metadata ?? {}).length} fields
          </summary>
          <PlainText
            text={metadata.length > METADATA_CHARS ? `${metadata.slice(0, METADATA_CHARS)}\n…` : metadata}
            className="mt-2 max-h-80 overflow-auto rounded-md bg-surface-muted p-2"
          />
        </details>
      </Block>
      {siblings.length > 0 ? (
        <Block title="Compare with…">
          <ul className="flex flex-col gap-1 text-sm">
            {siblings.slice(0, 12).map((s) => (
              <li key={s.id}>
                <Link
                  className="flex justify-between gap-2 rounded px-1 py-0.5 hover:bg-surface-muted"
                  href={`/rollouts/compare?a=${rollout.id}&b=${s.id}`}
                >
                  <span className="truncate">{s.model ?? "unknown model"}</span>
                  <span className="tabular-nums text-fg-muted">{formatReward(s.reward)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
    </aside>
  );
}

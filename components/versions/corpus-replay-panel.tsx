import Link from "next/link";
import { JobStateBadge } from "@/components/jobs/job-state-badge";
import { RefreshWhileRunning } from "@/components/jobs/refresh-while-running";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { CorpusReplaySummary, ReplayResult } from "@/lib/corpus-replay/queries";
import { CorpusReplayButton } from "./corpus-replay-button";

// Corpus replay on the versions page: per grader version (the draft, or an approved version, with the
// environment's deployed judge), which known reward hacks it still rewards, compared with the grader
// before it; one that rewards more of them is marked as a regression (for the draft: approval is
// blocked until an owner writes why). Hacks that can't be replayed say why.

const OUTCOME = {
  rewarded: { label: "still rewarded", tone: "danger" },
  "not-rewarded": { label: "not rewarded", tone: "success" },
  "cannot-replay": { label: "cannot replay", tone: "neutral" },
} as const;

const RUNNING = new Set(["queued", "running"]);

/** "v1 with judge v2", or "v1" for replays stored before judges took part. */
function describePrevious(result: ReplayResult): string {
  return result.previousGrader ?? `v${result.previousVersion}`;
}

export function CorpusReplayPanel({
  slug,
  versions,
  replays,
  canReplay,
}: {
  slug: string;
  versions: number[];
  replays: CorpusReplaySummary[];
  canReplay: boolean;
}) {
  // The newest replay of each target.
  const latest = replays.filter((r, i) => replays.findIndex((o) => o.target === r.target) === i);
  const isRunning = replays.some((r) => RUNNING.has(r.status));
  return (
    <div className="flex flex-col gap-4">
      <RefreshWhileRunning isRunning={isRunning} />
      {canReplay ? <CorpusReplayButton slug={slug} versions={versions} /> : null}
      {latest.length === 0 ? (
        <p className="text-sm text-fg-muted">
          No replay yet. Submitting the draft for review replays it; so do each approval and each judge
          deployment.
        </p>
      ) : null}
      {latest.map((replay) => (
        <section
          key={replay.jobId}
          aria-label={`Corpus replay of ${replay.target}`}
          className="flex flex-col gap-2 rounded-md border border-border p-3"
        >
          <h3 className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {replay.target === "draft" ? "The draft" : replay.target}
            {replay.result ? (
              <>
                <span data-testid="replay-rewarded">
                  rewards {replay.result.summary.rewarded} of {replay.result.summary.replayed} replayable
                  known hacks
                </span>
                {replay.result.previousSummary ? (
                  <span className="text-fg-muted">
                    ({describePrevious(replay.result)}: {replay.result.previousSummary.rewarded})
                  </span>
                ) : null}
                {replay.result.isRegression ? (
                  <Badge tone="danger">
                    regression: rewards more known hacks than {describePrevious(replay.result)}
                  </Badge>
                ) : null}
              </>
            ) : (
              <JobStateBadge job={replay} />
            )}
          </h3>
          {replay.result?.grader ? (
            <p className="text-xs text-fg-muted" data-testid="replay-grader">
              Graded as {replay.result.grader}: checks on the final answer
              {replay.result.judge ? `, rubric criteria by the judge ${replay.result.judge.name}` : ""}, test
              scripts in the sandbox.
            </p>
          ) : null}
          {replay.result?.isRegression && replay.target === "draft" ? (
            <p className="text-sm text-danger" data-testid="replay-blocks-approval">
              Approval is blocked while this replay is the draft's latest: an owner approves only with a
              written reason, kept in the history.
            </p>
          ) : null}
          {replay.error ? <p className="text-sm text-danger">{replay.error}</p> : null}
          {replay.result && replay.result.items.length > 0 ? (
            <Table aria-label={`Known hacks against ${replay.target}`}>
              <thead>
                <tr>
                  <Th>Rollout</Th>
                  <Th>Task</Th>
                  <Th>Model</Th>
                  <Th>This version</Th>
                  <Th>Before</Th>
                  <Th>Why</Th>
                </tr>
              </thead>
              <tbody>
                {replay.result.items.map((item) => (
                  <tr key={item.rolloutId} data-outcome={item.outcome}>
                    <Td>
                      <Link
                        className="font-mono text-xs text-accent hover:underline"
                        href={`/rollouts/${item.rolloutId}`}
                      >
                        {item.rolloutId.slice(0, 8)}
                      </Link>
                    </Td>
                    <Td className="font-mono text-xs">{item.task ?? "—"}</Td>
                    <Td className="text-xs">{item.model ?? "—"}</Td>
                    <Td>
                      <Badge tone={OUTCOME[item.outcome].tone}>{OUTCOME[item.outcome].label}</Badge>
                    </Td>
                    <Td className="text-xs text-fg-muted">
                      {item.previous ? OUTCOME[item.previous].label : "—"}
                    </Td>
                    <Td className="text-xs">{item.reason}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : replay.result ? (
            <p className="text-sm text-fg-muted">No known reward hack in this environment yet.</p>
          ) : null}
        </section>
      ))}
    </div>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { listAttackRuns, startAttack } from "@/lib/grader-attacks/actions";
import type { AttackRunSummary } from "@/lib/grader-attacks/queries";
import { attackKeys } from "@/lib/grader-attacks/query-keys";
import { AttackResults } from "./attack-results";

const RUNNING = new Set(["queued", "running"]);

async function fetchRuns(slug: string): Promise<AttackRunSummary[]> {
  const result = await listAttackRuns({ slug });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

/** The "Attack the graders" button and the latest run's verdicts; refreshes itself while one runs. */
export function AttackPanel({
  slug,
  versions,
  canAttack,
  providers,
  initial,
}: {
  slug: string;
  versions: number[];
  canAttack: boolean;
  /** The workspace's providers by name: one writes model attacks and judges the criteria. */
  providers: string[];
  initial: AttackRunSummary[];
}) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState("draft");
  const [provider, setProvider] = useState("");
  const runs = useQuery({
    queryKey: attackKeys.list(slug),
    queryFn: () => fetchRuns(slug),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.some((r) => RUNNING.has(r.status)) ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: async () => {
      const result = await startAttack({
        slug,
        version: target === "draft" ? null : Number(target),
        provider: provider || null,
      });
      if (!result.ok) throw new Error(result.error.message);
      return result.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attackKeys.all }),
  });
  const latest = runs.data?.[0] ?? null;
  const isRunning = latest !== null && RUNNING.has(latest.status);

  return (
    <div className="flex flex-col gap-4">
      {canAttack ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor="attack-target">Attack</label>
          <Select id="attack-target" value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="draft">the draft (what Approve would freeze)</option>
            {versions.map((v) => (
              <option key={v} value={v}>
                v{v}
              </option>
            ))}
          </Select>
          <label htmlFor="attack-provider">with</label>
          <Select id="attack-provider" value={provider} onChange={(e) => setProvider(e.target.value)}>
            <option value="">no model (checks and test scripts only)</option>
            {providers.map((name) => (
              <option key={name} value={name}>
                {name}: 3 model-written attacks per task, criteria judged
              </option>
            ))}
          </Select>
          <Button disabled={start.isPending || isRunning} onClick={() => start.mutate()}>
            {isRunning ? "Attacking…" : "Attack the graders"}
          </Button>
          {start.error ? (
            <p role="alert" className="text-sm text-danger">
              {start.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
      {latest ? (
        <section className="flex flex-col gap-2" aria-label="Latest attack run">
          <p className="text-sm text-fg-muted" role="status">
            Attack run on {latest.target === "draft" ? "the draft" : latest.target} started by{" "}
            {latest.startedBy}:{" "}
            {isRunning
              ? `${latest.status}, ${latest.done}${latest.total === null ? "" : ` of ${latest.total}`} attacks graded`
              : latest.status}
            {latest.error ? ` (${latest.error})` : ""}
          </p>
          {latest.report && !isRunning ? (
            <AttackResults slug={slug} jobId={latest.jobId} report={latest.report} />
          ) : null}
        </section>
      ) : (
        <p className="text-sm text-fg-muted">
          Not attacked yet. An attack run sends each task's grader answers that do not solve the task (empty,
          refusals, key words stuffed, the format filled with nothing, confident wrong answers, scripted test
          hacks) through each format's exported grader, in a sandbox.
        </p>
      )}
    </div>
  );
}

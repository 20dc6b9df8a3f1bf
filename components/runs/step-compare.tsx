"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Table, Td, Th } from "@/components/ui/table";
import { formatDecimal, formatPercent, formatPoints } from "@/lib/reports/format";
import type { Example } from "@/lib/runs/compare-query";
import { behaviourKey } from "@/lib/runs/compare-steps";
import { stepRolloutsHref } from "@/lib/runs/links";
import { runKeys } from "@/lib/runs/query-keys";
import { fetchStepComparison } from "./fetch-run";

// Two steps side by side: summary figures, the tasks whose pass rate moved most and the behaviours
// that appeared or vanished, each with transcripts from before and after.

const CHANGE_TONE = { appeared: "danger", vanished: "success", grew: "warning", shrank: "neutral" } as const;

export function StepCompare({ runId, steps, noun }: { runId: string; steps: number[]; noun: string }) {
  const [picked, setPicked] = useState<{ a?: number; b?: number }>({});
  const a = picked.a ?? steps[0];
  const b = picked.b ?? steps.at(-1);
  const isReady = a !== undefined && b !== undefined && a !== b;
  const { data, error, isPending } = useQuery({
    queryKey: runKeys.compare(runId, a ?? -1, b ?? -1),
    queryFn: () => fetchStepComparison(runId, a as number, b as number),
    enabled: isReady,
  });
  if (steps.length < 2)
    return <p className="text-sm text-fg-muted">Comparisons need rollouts at two {noun}s.</p>;
  const select = (side: "a" | "b", value: number | undefined, label: string) => (
    <Field label={label} htmlFor={`compare-${side}`}>
      <Select
        id={`compare-${side}`}
        value={value}
        onChange={(event) => setPicked((p) => ({ ...p, [side]: Number(event.target.value) }))}
      >
        {steps.map((s) => (
          <option key={s} value={s}>
            {noun} {s}
          </option>
        ))}
      </Select>
    </Field>
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-4">
        {select("a", a, "Before")}
        {select("b", b, "After")}
      </div>
      {!isReady ? <p className="text-sm text-fg-muted">Pick two different {noun}s.</p> : null}
      {error ? <p className="text-sm text-danger">{error.message}</p> : null}
      {isReady && isPending ? <p className="text-sm text-fg-muted">Comparing…</p> : null}
      {isReady && data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-5">
            {(
              [
                ["Mean reward", data.summary.meanReward, (v: number | null) => formatDecimal(v)],
                ["Pass rate", data.summary.passRate, (v: number | null) => formatPercent(v)],
                ["Gave up", data.summary.giveUpRate, (v: number | null) => formatPercent(v)],
                ["Messages", data.summary.meanMessages, (v: number | null) => formatDecimal(v, 1)],
                ["Tool calls", data.summary.meanToolCalls, (v: number | null) => formatDecimal(v, 1)],
              ] as const
            ).map(([label, [x, y], format]) => (
              <div key={label} className="rounded-md border border-border p-3">
                <dt className="text-xs text-fg-muted">{label}</dt>
                <dd className="tabular-nums">
                  {format(x)} → <span className="font-semibold">{format(y)}</span>
                </dd>
              </div>
            ))}
          </dl>
          <h3 className="text-sm font-semibold">Tasks whose pass rate moved most</h3>
          {data.tasks.length === 0 ? (
            <p className="text-sm text-fg-muted">No task at either {noun}.</p>
          ) : (
            <Table aria-label="Tasks that moved">
              <thead>
                <tr>
                  <Th>Task</Th>
                  <Th className="text-right">Before</Th>
                  <Th className="text-right">After</Th>
                  <Th className="text-right">Change</Th>
                  <Th>Transcripts</Th>
                </tr>
              </thead>
              <tbody>
                {data.tasks.map((t) => (
                  <tr key={t.task}>
                    <Td className="font-mono text-xs">{t.task}</Td>
                    <Td className="text-right tabular-nums">{formatPercent(t.before)}</Td>
                    <Td className="text-right tabular-nums">{formatPercent(t.after)}</Td>
                    <Td className="text-right tabular-nums">{formatPoints(t.delta)}</Td>
                    <Td>
                      <ExampleLinks
                        runId={runId}
                        a={data.a}
                        b={data.b}
                        task={t.task}
                        example={data.taskExamples[t.task]}
                      />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <h3 className="text-sm font-semibold">Behaviours that appeared or vanished</h3>
          {data.behaviours.length === 0 ? (
            <p className="text-sm text-fg-muted">
              The same tools and scanner flags, about as often, at both {noun}s.
            </p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm" aria-label="Behaviour changes">
              {data.behaviours.map((change) => (
                <li key={behaviourKey(change)} className="flex flex-wrap items-center gap-2">
                  <Badge tone={CHANGE_TONE[change.change]}>{change.change}</Badge>
                  {change.kind === "tool" ? (
                    <span>
                      tool <code className="font-mono text-xs">{change.name}</code>:{" "}
                      {formatDecimal(change.before)} → {formatDecimal(change.after)} calls per rollout
                    </span>
                  ) : (
                    <span>
                      scanner signature <code className="font-mono text-xs">{change.name}</code>:{" "}
                      {formatPercent(change.before)} → {formatPercent(change.after)} of scanned rollouts
                      flagged
                      {change.change === "appeared" ? ` (first flagged at ${noun} ${data.b})` : ""}
                    </span>
                  )}
                  <ExampleLinks
                    runId={runId}
                    a={data.a}
                    b={data.b}
                    example={data.behaviourExamples[behaviourKey(change)]}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}

function ExampleLinks({
  runId,
  a,
  b,
  task,
  example,
}: {
  runId: string;
  a: number;
  b: number;
  task?: string;
  example: Example | undefined;
}) {
  const link = (id: string | null, label: string) =>
    id ? (
      <Link href={`/rollouts/${id}`} className="text-accent hover:underline">
        {label}
      </Link>
    ) : null;
  return (
    <span className="flex flex-wrap gap-3 text-xs">
      {link(example?.before ?? null, "example before")}
      {link(example?.after ?? null, "example after")}
      {task ? (
        <>
          <Link href={stepRolloutsHref(runId, a, task)} className="hover:underline">
            all before
          </Link>
          <Link href={stepRolloutsHref(runId, b, task)} className="hover:underline">
            all after
          </Link>
        </>
      ) : null}
    </span>
  );
}

"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Table, Td, Th } from "@/components/ui/table";
import { tryJudge } from "@/lib/judges/actions";
import type { TryRubric } from "@/lib/judges/schemas";
import type { TryResult } from "@/lib/judges/try-judge";

/** "Try the judge": one judgment of a pasted answer or a stored rollout, showing everything it did. */
export function TryJudgePanel({
  judges,
  tasks,
  defaultTask,
  rollouts,
  rubric,
}: {
  judges: { id: string; name: string }[];
  tasks: { key: string; title: string }[];
  defaultTask?: string;
  /** Rollouts to choose from (the rubric editor offers its task's); without it, a rollout id field. */
  rollouts?: { id: string; label: string }[];
  /** The rubric as the editor shows it (unsaved edits included): the judge grades with it. */
  rubric?: TryRubric;
}) {
  const [judgeId, setJudgeId] = useState(judges[0]?.id ?? "");
  const [taskKey, setTaskKey] = useState(defaultTask ?? tasks[0]?.key ?? "");
  const [response, setResponse] = useState("");
  const [rolloutId, setRolloutId] = useState("");
  const [result, setResult] = useState<TryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  function handleTry() {
    setError(null);
    startTransition(async () => {
      const outcome = await tryJudge({
        judgeId,
        taskKey,
        ...(rubric ? { rubric } : {}),
        ...(rolloutId.trim() ? { rolloutId: rolloutId.trim() } : { response }),
      });
      if (outcome.ok) setResult(outcome.data);
      else {
        setResult(null);
        setError(outcome.error.message);
      }
    });
  }

  if (judges.length === 0)
    return <p className="text-sm text-fg-muted">Create a judge for this environment first.</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Judge to try" htmlFor="try-judge">
          <Select id="try-judge" value={judgeId} onChange={(e) => setJudgeId(e.target.value)}>
            {judges.map((j) => (
              <option key={j.id} value={j.id}>
                {j.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Task" htmlFor="try-task">
          <Select id="try-task" value={taskKey} onChange={(e) => setTaskKey(e.target.value)}>
            {tasks.map((t) => (
              <option key={t.key} value={t.key}>
                {t.key}: {t.title}
              </option>
            ))}
          </Select>
        </Field>
        {rollouts ? (
          <Field label="Rollout" htmlFor="try-rollout" hint="Or leave it on the pasted answer.">
            <Select id="try-rollout" value={rolloutId} onChange={(e) => setRolloutId(e.target.value)}>
              <option value="">The pasted answer</option>
              {rollouts.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <Field label="Or a rollout id" htmlFor="try-rollout" hint="Leave blank to grade the pasted answer.">
            <Input
              id="try-rollout"
              value={rolloutId}
              onChange={(e) => setRolloutId(e.target.value)}
              placeholder="uuid"
            />
          </Field>
        )}
      </div>
      <Field label="Answer to grade" htmlFor="try-answer">
        <textarea
          id="try-answer"
          rows={5}
          value={response}
          onChange={(e) => setResponse(e.target.value)}
          className="rounded-md border border-border bg-surface p-2 text-sm"
        />
      </Field>
      <div>
        <Button onClick={handleTry} disabled={isPending || !taskKey}>
          {isPending ? "Judging…" : "Try the judge"}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {result ? <TryResultView result={result} /> : null}
    </div>
  );
}

function TryResultView({ result }: { result: TryResult }) {
  return (
    <div className="flex flex-col gap-3" data-testid="try-result">
      <p className="text-sm">
        Version {result.version}
        {result.rubric === "draft" ? " with the rubric as edited (unsaved edits included)" : ""} ·{" "}
        {result.inputTokens.toLocaleString()} input and {result.outputTokens.toLocaleString()} output tokens ·
        ${result.costUsd.toFixed(5)}
      </p>
      <Table aria-label="Parsed result">
        <thead>
          <tr>
            <Th>Criterion</Th>
            <Th>Result</Th>
            <Th>Reason</Th>
            <Th>Evidence</Th>
          </tr>
        </thead>
        <tbody>
          {result.result.map((r) => (
            <tr key={r.key}>
              <Td className="font-mono text-xs">{r.key}</Td>
              <Td>{r.status === "unevaluable" ? "unevaluable" : (r.verdict ?? r.score?.toFixed(2))}</Td>
              <Td className="text-xs">{r.reason}</Td>
              <Td className="text-xs">
                {r.evidence.map((e) => (
                  <div key={`${e.message}:${e.quote}`}>
                    #{e.message}: “{e.quote}”
                  </div>
                ))}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {result.members.map((m) => (
        <details key={m.provider} className="text-sm">
          <summary className="cursor-pointer">
            Raw answer of {m.provider} ({m.model}){m.answers.length > 1 ? ", asked twice" : ""}
            {m.error ? `: ${m.error}` : ""}
          </summary>
          {(["first answer", "asked again"] as const).flatMap((label, i) =>
            m.answers[i] === undefined
              ? []
              : [
                  <pre
                    key={label}
                    className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap rounded bg-surface-muted p-2 text-xs"
                  >
                    {m.answers[i]}
                  </pre>,
                ],
          )}
        </details>
      ))}
      <details className="text-sm">
        <summary className="cursor-pointer">Prompt sent</summary>
        <pre className="mt-1 max-h-96 overflow-auto whitespace-pre-wrap rounded bg-surface-muted p-2 text-xs">
          {result.prompt.system}
        </pre>
        <pre className="mt-1 max-h-96 overflow-auto whitespace-pre-wrap rounded bg-surface-muted p-2 text-xs">
          {result.prompt.user}
        </pre>
      </details>
    </div>
  );
}

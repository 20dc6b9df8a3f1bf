"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import { Table, Td, Th } from "@/components/ui/table";
import { gradeResponse } from "@/lib/rubrics/grade";
import { DEFAULT_JUDGE_TEMPLATE, renderJudgePrompt } from "@/lib/rubrics/judge-template";
import type { Criterion } from "@/lib/rubrics/schemas";
import { type Check, isRedactedCheck, type VisibleContent } from "@/lib/tasks/hidden-material";

const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);

/** Paste a response: every check's result, the judge's criteria (score them by hand) and the total. */
export function TryGraderTab({
  draft,
  criteria,
  judgeTemplate,
  canReadHidden,
}: {
  draft: VisibleContent;
  criteria: Criterion[];
  judgeTemplate: string;
  canReadHidden: boolean;
}) {
  const [response, setResponse] = useState("");
  const [scores, setScores] = useState<Record<string, number>>({});
  const deferred = useDeferredValue(response);
  const checks = draft.checks.filter((c): c is Check => !isRedactedCheck(c));
  const result = useMemo(
    () =>
      gradeResponse({
        response: deferred,
        checks,
        criteria,
        criterionScores: scores,
        scoring: draft.scoring,
      }),
    [deferred, checks, criteria, scores, draft.scoring],
  );
  const judgePrompt = renderJudgePrompt(judgeTemplate || DEFAULT_JUDGE_TEMPLATE, {
    prompt: draft.prompt,
    response: deferred || "(the response)",
    answerKey: canReadHidden ? draft.answerKey : "[hidden from your role]",
    criteria,
  });

  if (!canReadHidden) {
    return (
      <p className="text-sm text-fg-muted">
        The checks' expected values are hidden from your role, so the grader can't be tried here.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Field
        label="Response to grade"
        htmlFor="try-response"
        hint="Paste what an agent answered. Nothing is sent anywhere: the checks run in your browser."
      >
        <textarea
          id="try-response"
          value={response}
          onChange={(e) => setResponse(e.target.value)}
          rows={10}
          spellCheck={false}
          className="w-full rounded-md border border-border bg-surface px-3 py-2 font-mono text-xs text-fg"
        />
      </Field>
      <section aria-label="Grader result" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            Total so far: <strong data-testid="grader-total">{percent(result.total)}</strong>
          </span>
          <span className="text-fg-muted">Checks alone: {percent(result.checksTotal)}</span>
          {result.isPass !== null ? (
            <Badge tone={result.isPass ? "success" : "danger"}>{result.isPass ? "pass" : "fail"}</Badge>
          ) : null}
          {result.pendingCriteria ? (
            <span className="text-fg-muted">
              {result.pendingCriteria} {result.pendingCriteria === 1 ? "criterion waits" : "criteria wait"}{" "}
              for a judge's score
            </span>
          ) : null}
        </div>
        {checks.length ? (
          <Table aria-label="Check results">
            <thead>
              <tr>
                <Th>Check</Th>
                <Th>Result</Th>
                <Th className="text-right">Score</Th>
                <Th className="text-right">Weight</Th>
                <Th>Detail</Th>
              </tr>
            </thead>
            <tbody>
              {result.checks.map((o) => (
                <tr key={o.key}>
                  <Td className="font-mono text-xs">{o.key}</Td>
                  <Td>
                    <Badge tone={o.passed ? "success" : "danger"}>{o.passed ? "pass" : "fail"}</Badge>
                  </Td>
                  <Td className="text-right tabular-nums">{o.score.toFixed(2)}</Td>
                  <Td className="text-right tabular-nums">{o.weight}</Td>
                  <Td className="text-xs">{o.detail}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="text-sm text-fg-muted">No programmatic checks: the judge grades everything.</p>
        )}
      </section>
      <section aria-label="Criteria a judge would grade" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Criteria a judge would grade ({criteria.length})</h3>
        <p className="text-xs text-fg-muted">Enter the score you would expect, to see how the total moves.</p>
        <ul className="flex flex-col gap-1">
          {result.criteria.map((c) => (
            <li key={c.key} className="flex flex-wrap items-center gap-2 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="number"
                  min={0}
                  max={c.max}
                  step={1}
                  aria-label={`Score for ${c.title}`}
                  value={scores[c.key] ?? ""}
                  onChange={(e) => {
                    const { [c.key]: _, ...rest } = scores;
                    setScores(e.target.value === "" ? rest : { ...rest, [c.key]: Number(e.target.value) });
                  }}
                  className="h-7 w-16 rounded border border-border bg-surface px-1 text-fg"
                />
                <span className="text-fg-muted">/ {c.max}</span>
              </label>
              <span>{c.title}</span>
              <span className="text-xs text-fg-muted">weight {c.weight}</span>
            </li>
          ))}
        </ul>
      </section>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">The judge's prompt, filled in</summary>
        <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-surface-muted p-3 font-mono text-xs">
          {judgePrompt}
        </pre>
      </details>
    </div>
  );
}

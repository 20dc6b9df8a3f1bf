"use client";

import { useState } from "react";
import { LazyCodeEditor } from "@/components/editor/lazy-code-editor";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { CHECK_KIND_LABELS, type CheckKind, createEmptyCheck } from "@/lib/rubrics/checks";
import { DEFAULT_JUDGE_TEMPLATE, JUDGE_VARIABLES, listTemplateVariables } from "@/lib/rubrics/judge-template";
import { type Criterion, createBlankCriterion, nextKey } from "@/lib/rubrics/schemas";
import type { Requirement, RequirementCoverage } from "@/lib/tasks/coverage";
import type { SharedRubricRef } from "@/lib/tasks/grader-items";
import type { VisibleContent } from "@/lib/tasks/hidden-material";
import { CheckEditor } from "./check-editor";
import { CriterionEditor } from "./criterion-editor";
import { GoldenExamplesEditor } from "./golden-examples-editor";
import { TestScriptContract } from "./test-script-contract";
import { TestScriptsEditor } from "./test-scripts-editor";
import { useRowKeys } from "./use-row-keys";

/** The grader: criteria for the judge (own and shared), its instructions, programmatic checks, golden examples, test scripts. */
export function RubricTab({
  draft,
  requirements,
  coverage = [],
  sharedRubrics,
  canReadHidden,
  isReadOnly,
  fieldErrors,
  onChange,
}: {
  draft: VisibleContent;
  requirements: Requirement[];
  /** The check's links per requirement, to show inferred ones beside each item's own. */
  coverage?: RequirementCoverage[];
  sharedRubrics: SharedRubricRef[];
  canReadHidden: boolean;
  isReadOnly: boolean;
  fieldErrors: Record<string, string[]>;
  onChange: (patch: Partial<VisibleContent>) => void;
}) {
  const [newKind, setNewKind] = useState<CheckKind>("exact-match");
  const criterionRows = useRowKeys(draft.criteria.length);
  const checkRows = useRowKeys(draft.checks.length);
  const shared = sharedRubrics.find((r) => r.id === draft.sharedRubricId) ?? null;
  const variables = listTemplateVariables(draft.judgeTemplate || shared?.judgeTemplate || "");
  // A field's error, or the first error inside it (a list item: "config.items.2").
  const errorsAt = (prefix: string) => (field: string) => {
    const path = `${prefix}.${field}`;
    // "config" as a whole only: its fields' errors sit beside those fields.
    const inside =
      field === "config" ? undefined : Object.keys(fieldErrors).find((key) => key.startsWith(`${path}.`));
    return fieldErrors[path]?.[0] ?? (inside ? fieldErrors[inside][0] : undefined);
  };
  // Requirements the check infers an item covers (by meaning) though its author linked none.
  const inferredFor = (by: "criterion" | "check", key: string) =>
    coverage
      .filter((c) => c.links.some((l) => l.by === by && l.key === key && l.how === "inferred"))
      .map((c) => c.requirementId);
  const setCriterion = (index: number, next: Criterion) =>
    onChange({ criteria: draft.criteria.map((c, i) => (i === index ? next : c)) });

  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-3" aria-label="Criteria">
        <div>
          <h3 className="text-sm font-semibold">Criteria ({draft.criteria.length})</h3>
          <p className="text-xs text-fg-muted">
            What an LLM judge (or a reviewer) scores. Link each criterion to the prompt requirements it
            checks.
          </p>
        </div>
        {sharedRubrics.length ? (
          <Field
            label="Build on a shared rubric"
            htmlFor="shared-rubric"
            hint="Its criteria come first; a criterion of yours with the same key replaces one of its."
          >
            <Select
              id="shared-rubric"
              disabled={isReadOnly}
              value={draft.sharedRubricId ?? ""}
              onChange={(e) => onChange({ sharedRubricId: e.target.value || null })}
            >
              <option value="">None</option>
              {sharedRubrics.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {shared ? (
          <ul
            className="flex flex-col gap-1 rounded-md border border-dashed border-border p-3 text-sm"
            aria-label="Shared criteria"
          >
            {shared.criteria.map((c) => (
              <li key={c.key}>
                <span className="font-mono text-xs text-fg-muted">{c.key}</span> {c.title}{" "}
                <span className="text-xs text-fg-muted">(shared, weight {c.weight})</span>
              </li>
            ))}
          </ul>
        ) : null}
        {fieldErrors.criteria ? (
          <p role="alert" className="text-xs text-danger">
            {fieldErrors.criteria[0]}
          </p>
        ) : null}
        <ol className="flex flex-col gap-3">
          {draft.criteria.map((criterion, index) => (
            <CriterionEditor
              key={criterionRows.keys[index]}
              index={index}
              criterion={criterion}
              requirements={requirements}
              inferred={inferredFor("criterion", criterion.key)}
              isReadOnly={isReadOnly}
              errors={errorsAt(`criteria.${index}`)}
              onChange={(next) => setCriterion(index, next)}
              onRemove={() => {
                criterionRows.remove(index);
                onChange({ criteria: draft.criteria.filter((_, i) => i !== index) });
              }}
            />
          ))}
        </ol>
        {isReadOnly ? null : (
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                onChange({
                  criteria: [...draft.criteria, createBlankCriterion(draft.criteria)],
                })
              }
            >
              Add criterion
            </Button>
          </div>
        )}
      </section>

      <section className="flex flex-col gap-3" aria-label="Judge instructions">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h3 className="text-sm font-semibold">Judge instructions</h3>
            <p className="text-xs text-fg-muted">
              Variables: {JUDGE_VARIABLES.map((v) => `{{${v}}}`).join(", ")}.{" "}
              {draft.judgeTemplate.trim() === "" && shared
                ? "Empty: the shared rubric's instructions apply."
                : ""}
            </p>
          </div>
          {isReadOnly || draft.judgeTemplate.trim() ? null : (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onChange({ judgeTemplate: DEFAULT_JUDGE_TEMPLATE })}
            >
              Use the default template
            </Button>
          )}
        </div>
        {variables.unknown.length ? (
          <p role="alert" className="text-xs text-warning">
            Unknown variables (typos?): {variables.unknown.map((v) => `{{${v}}}`).join(", ")}
          </p>
        ) : null}
        <LazyCodeEditor
          value={draft.judgeTemplate}
          onChange={(judgeTemplate) => onChange({ judgeTemplate })}
          language="markdown"
          ariaLabel="Judge instructions"
          height={280}
          isReadOnly={isReadOnly}
        />
      </section>

      <section className="flex flex-col gap-3" aria-label="Programmatic checks">
        <div>
          <h3 className="text-sm font-semibold">Programmatic checks ({draft.checks.length})</h3>
          <p className="text-xs text-fg-muted">
            Deterministic checks on the response. Try them on a pasted response in “Try the grader”.
          </p>
        </div>
        {fieldErrors.checks ? (
          <p role="alert" className="text-xs text-danger">
            {fieldErrors.checks[0]}
          </p>
        ) : null}
        <ol className="flex flex-col gap-3">
          {draft.checks.map((check, index) => (
            <CheckEditor
              key={checkRows.keys[index]}
              index={index}
              check={check}
              requirements={requirements}
              inferred={inferredFor("check", check.key)}
              isReadOnly={isReadOnly}
              errors={errorsAt(`checks.${index}`)}
              onChange={(next) => onChange({ checks: draft.checks.map((c, i) => (i === index ? next : c)) })}
              onRemove={() => {
                checkRows.remove(index);
                onChange({ checks: draft.checks.filter((_, i) => i !== index) });
              }}
            />
          ))}
        </ol>
        {isReadOnly || !canReadHidden ? null : (
          <div className="flex items-end gap-2">
            <Field label="Kind of check" htmlFor="new-check-kind">
              <Select
                id="new-check-kind"
                value={newKind}
                onChange={(e) => setNewKind(e.target.value as CheckKind)}
              >
                {Object.entries(CHECK_KIND_LABELS).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              variant="secondary"
              onClick={() =>
                onChange({
                  checks: [
                    ...draft.checks,
                    createEmptyCheck(
                      newKind,
                      nextKey(
                        "check",
                        draft.checks.map((c) => c.key),
                      ),
                    ),
                  ],
                })
              }
            >
              Add check
            </Button>
          </div>
        )}
      </section>

      {canReadHidden ? (
        <>
          <section className="flex flex-col gap-3" aria-label="Golden examples">
            <div>
              <h3 className="text-sm font-semibold">Golden examples ({draft.goldenExamples.length})</h3>
              <p className="text-xs text-fg-muted">
                Responses with the grade an expert gave them, to calibrate and test the judge.
              </p>
            </div>
            <GoldenExamplesEditor
              examples={draft.goldenExamples}
              criteria={[...(shared?.criteria ?? []), ...draft.criteria]}
              isReadOnly={isReadOnly}
              onChange={(goldenExamples) => onChange({ goldenExamples })}
            />
          </section>
          <section className="flex flex-col gap-3" aria-label="Test scripts">
            <h3 className="text-sm font-semibold">Test scripts ({draft.testScripts.length})</h3>
            <TestScriptContract />
            <TestScriptsEditor
              scripts={draft.testScripts}
              isReadOnly={isReadOnly}
              onChange={(testScripts) => onChange({ testScripts })}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}

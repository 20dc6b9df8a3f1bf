"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Criterion, GoldenExample } from "@/lib/rubrics/schemas";
import { useRowKeys } from "./use-row-keys";

const TEXTAREA = "w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg";

/** Responses with the grade an expert gave them: what the judge is calibrated against. */
export function GoldenExamplesEditor({
  examples,
  criteria,
  isReadOnly,
  onChange,
}: {
  examples: GoldenExample[];
  criteria: Criterion[];
  isReadOnly: boolean;
  onChange: (next: GoldenExample[]) => void;
}) {
  const rows = useRowKeys(examples.length);
  const set = (index: number, patch: Partial<GoldenExample>) =>
    onChange(examples.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  return (
    <div className="flex flex-col gap-3">
      {examples.length === 0 ? <p className="text-sm text-fg-muted">No golden examples yet.</p> : null}
      {examples.map((example, index) => {
        const id = (field: string) => `golden-${index}-${field}`;
        return (
          <div key={rows.keys[index]} className="flex flex-col gap-3 rounded-md border border-border p-3">
            <div className="flex flex-wrap items-end gap-3">
              <Field label="Label" htmlFor={id("title")}>
                <Input
                  id={id("title")}
                  value={example.title}
                  readOnly={isReadOnly}
                  onChange={(e) => set(index, { title: e.target.value })}
                  className="w-64"
                />
              </Field>
              <Field label="Expert grade (0 to 1)" htmlFor={id("grade")}>
                <Input
                  id={id("grade")}
                  type="number"
                  min={0}
                  max={1}
                  step={0.05}
                  value={example.grade}
                  readOnly={isReadOnly}
                  onChange={(e) => set(index, { grade: Number(e.target.value) })}
                  className="w-28"
                />
              </Field>
              <Field label="Graded by" htmlFor={id("by")}>
                <Input
                  id={id("by")}
                  value={example.gradedBy}
                  readOnly={isReadOnly}
                  onChange={(e) => set(index, { gradedBy: e.target.value })}
                  className="w-48"
                />
              </Field>
              {isReadOnly ? null : (
                <Button
                  size="sm"
                  variant="danger"
                  className="ml-auto"
                  onClick={() => {
                    rows.remove(index);
                    onChange(examples.filter((_, i) => i !== index));
                  }}
                >
                  Remove example
                </Button>
              )}
            </div>
            <Field label="Response" htmlFor={id("response")}>
              <textarea
                id={id("response")}
                rows={5}
                value={example.response}
                readOnly={isReadOnly}
                onChange={(e) => set(index, { response: e.target.value })}
                className={TEXTAREA}
              />
            </Field>
            <Field label="Why this grade" htmlFor={id("rationale")}>
              <textarea
                id={id("rationale")}
                rows={2}
                value={example.rationale}
                readOnly={isReadOnly}
                onChange={(e) => set(index, { rationale: e.target.value })}
                className={TEXTAREA}
              />
            </Field>
            {criteria.length ? (
              <fieldset className="flex flex-wrap gap-3">
                <legend className="mb-1 text-xs font-medium">Score per criterion</legend>
                {criteria.map((c) => (
                  <label key={c.key} className="flex items-center gap-1 text-xs">
                    <span className="font-mono">{c.key}</span>
                    <input
                      type="number"
                      min={0}
                      max={c.type === "scale" ? (c.scaleMax ?? 1) : 1}
                      readOnly={isReadOnly}
                      value={example.criterionScores[c.key] ?? ""}
                      onChange={(e) => {
                        const { [c.key]: _, ...rest } = example.criterionScores;
                        set(index, {
                          criterionScores:
                            e.target.value === "" ? rest : { ...rest, [c.key]: Number(e.target.value) },
                        });
                      }}
                      className="h-7 w-16 rounded border border-border bg-surface px-1 text-fg"
                    />
                  </label>
                ))}
              </fieldset>
            ) : null}
          </div>
        );
      })}
      {isReadOnly ? null : (
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              onChange([
                ...examples,
                {
                  title: `Example ${examples.length + 1}`,
                  response: "",
                  grade: 1,
                  criterionScores: {},
                  rationale: "",
                  gradedBy: "",
                },
              ])
            }
          >
            Add golden example
          </Button>
        </div>
      )}
    </div>
  );
}

"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Criterion } from "@/lib/rubrics/schemas";
import type { Requirement } from "@/lib/tasks/coverage";
import { ExamplesField } from "./examples-field";
import { RequirementPicker } from "./requirement-picker";

const TEXTAREA = "w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg";

/** One rubric criterion: what the judge scores, how, and which prompt requirements it checks. */
export function CriterionEditor({
  index,
  criterion,
  requirements,
  inferred = [],
  isReadOnly,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  criterion: Criterion;
  requirements: Requirement[];
  /** Requirements the coverage check infers this item covers by meaning (not linked by the author). */
  inferred?: string[];
  isReadOnly: boolean;
  errors: (field: string) => string | undefined;
  onChange: (next: Criterion) => void;
  onRemove: () => void;
}) {
  const [isOpen, setIsOpen] = useState(criterion.title.trim() === "");
  const hasErrors = ["key", "title", "description", "weight", "scaleMax"].some((f) => errors(f));
  const id = (field: string) => `criterion-${index}-${field}`;
  const set = (patch: Partial<Criterion>) => onChange({ ...criterion, ...patch });
  return (
    <li className="rounded-md border border-border" aria-label={`Criterion ${criterion.title || index + 1}`}>
      <details open={isOpen || hasErrors} onToggle={(e) => setIsOpen(e.currentTarget.open)}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-3 text-sm">
          <span className="font-mono text-xs text-fg-muted">{criterion.key}</span>
          <span className="font-medium">{criterion.title || "Untitled criterion"}</span>
          <span className="text-xs text-fg-muted">
            weight {criterion.weight} ·{" "}
            {criterion.type === "scale" ? `0 to ${criterion.scaleMax ?? "?"}` : "binary"} · checks{" "}
            {criterion.requirements.length}{" "}
            {criterion.requirements.length === 1 ? "requirement" : "requirements"}
          </span>
          {criterion.isGiveUp ? <Badge tone="accent">give-up</Badge> : null}
          {criterion.requirements.length === 0 && !criterion.isGiveUp ? (
            <Badge tone="warning">no requirement linked</Badge>
          ) : null}
          {inferred.some((id) => !criterion.requirements.includes(id)) ? (
            <span className="text-xs text-fg-muted">
              {inferred.filter((id) => !criterion.requirements.includes(id)).length} inferred
            </span>
          ) : null}
        </summary>
        <div className="flex flex-col gap-3 border-t border-border p-3">
          <div className="grid gap-3 md:grid-cols-[minmax(10rem,max-content)_minmax(12rem,1fr)_6rem]">
            <Field label="Key" htmlFor={id("key")} error={errors("key")}>
              <Input
                id={id("key")}
                value={criterion.key}
                readOnly={isReadOnly}
                onChange={(e) => set({ key: e.target.value })}
                // As wide as the key (up to the 64 characters a key may have), so it never shows cut.
                className="min-w-40 max-w-full font-mono field-sizing-content md:w-auto"
              />
            </Field>
            <Field label="Criterion title" htmlFor={id("title")} error={errors("title")}>
              <Input
                id={id("title")}
                value={criterion.title}
                readOnly={isReadOnly}
                onChange={(e) => set({ title: e.target.value })}
              />
            </Field>
            <Field label="Weight" htmlFor={id("weight")} error={errors("weight")}>
              <Input
                id={id("weight")}
                type="number"
                min={0}
                step={0.5}
                value={criterion.weight}
                readOnly={isReadOnly}
                onChange={(e) => set({ weight: Number(e.target.value) })}
              />
            </Field>
          </div>
          <Field label="What the judge looks for" htmlFor={id("description")} error={errors("description")}>
            <textarea
              id={id("description")}
              rows={2}
              value={criterion.description}
              readOnly={isReadOnly}
              onChange={(e) => set({ description: e.target.value })}
              className={TEXTAREA}
            />
          </Field>
          <div className="flex flex-wrap items-end gap-4">
            <Field label="Type" htmlFor={id("type")}>
              <Select
                id={id("type")}
                disabled={isReadOnly}
                value={criterion.type}
                onChange={(e) => {
                  const type = e.target.value as Criterion["type"];
                  set({ type, scaleMax: type === "scale" ? (criterion.scaleMax ?? 3) : null });
                }}
              >
                <option value="binary">Binary (met or not)</option>
                <option value="scale">Scale 0 to N</option>
              </Select>
            </Field>
            {criterion.type === "scale" ? (
              <Field label="N (maximum score)" htmlFor={id("scale")} error={errors("scaleMax")}>
                <Input
                  id={id("scale")}
                  type="number"
                  min={1}
                  max={100}
                  value={criterion.scaleMax ?? ""}
                  readOnly={isReadOnly}
                  onChange={(e) => set({ scaleMax: Number(e.target.value) || null })}
                  className="w-24"
                />
              </Field>
            ) : null}
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input
                type="checkbox"
                disabled={isReadOnly}
                checked={criterion.isGiveUp}
                onChange={(e) => set({ isGiveUp: e.target.checked })}
              />
              Grades give-ups
            </label>
            {isReadOnly ? null : (
              <Button size="sm" variant="danger" className="ml-auto" onClick={onRemove}>
                Remove criterion
              </Button>
            )}
          </div>
          <RequirementPicker
            inferred={inferred}
            label="Checks these prompt requirements"
            requirements={requirements}
            selected={criterion.requirements}
            isReadOnly={isReadOnly}
            onChange={(next) => set({ requirements: next })}
          />
          <div className="grid gap-3 md:grid-cols-2">
            <ExamplesField
              label="Pass example"
              examples={criterion.passExamples}
              isReadOnly={isReadOnly}
              onChange={(next) => set({ passExamples: next })}
            />
            <ExamplesField
              label="Fail example"
              examples={criterion.failExamples}
              isReadOnly={isReadOnly}
              onChange={(next) => set({ failExamples: next })}
            />
          </div>
        </div>
      </details>
    </li>
  );
}

"use client";

import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ScoringCriterion } from "@/lib/labels/criteria-queries";
import type { TaxonomyNode } from "@/lib/labels/taxonomy-tree";
import { CategoryPicker } from "./category-picker";
import type { LabelDraft } from "./use-label-draft";
import { VerdictPicker } from "./verdict-picker";

/** Verdict, categories, confidence, rationale and rubric scores of the label being edited. */
export function LabelFields({
  draft,
  taxonomy,
  criteria,
  isDisabled,
}: {
  draft: LabelDraft;
  taxonomy: readonly TaxonomyNode[];
  criteria: readonly ScoringCriterion[];
  isDisabled: boolean;
}) {
  return (
    <>
      <VerdictPicker value={draft.verdict} onChange={draft.setVerdict} isDisabled={isDisabled} />
      <CategoryPicker
        taxonomy={taxonomy}
        selected={draft.categories}
        onToggle={draft.toggleCategory}
        isDisabled={isDisabled}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="label-confidence" className="text-sm font-medium">
          Confidence
        </label>
        <Select
          id="label-confidence"
          value={draft.confidence ?? ""}
          onChange={(event) => draft.setConfidence(event.target.value ? Number(event.target.value) : null)}
          disabled={isDisabled}
        >
          <option value="">Not given</option>
          <option value="1">1: a guess</option>
          <option value="2">2: unsure</option>
          <option value="3">3: fairly sure</option>
          <option value="4">4: sure</option>
          <option value="5">5: certain</option>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="label-rationale" className="text-sm font-medium">
          Rationale
        </label>
        <textarea
          id="label-rationale"
          value={draft.rationale}
          onChange={(event) => draft.setRationale(event.target.value)}
          disabled={isDisabled}
          rows={4}
          maxLength={20_000}
          className="rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:border-accent"
          placeholder="What happened, and why this verdict?"
        />
      </div>
      {criteria.length > 0 ? (
        <fieldset className="flex flex-col gap-1.5" disabled={isDisabled}>
          <legend className="mb-1 text-sm font-medium">Rubric scores</legend>
          {criteria.map((criterion) => (
            <label
              key={criterion.key}
              htmlFor={`score-${criterion.key}`}
              className="grid grid-cols-[1fr_6rem] items-center gap-2 text-sm"
            >
              <span title={criterion.key}>{criterion.title}</span>
              <Input
                id={`score-${criterion.key}`}
                type="number"
                min={0}
                max={criterion.kind === "binary" ? 1 : (criterion.scaleMax ?? undefined)}
                step={criterion.kind === "binary" ? 1 : "any"}
                value={draft.scores[criterion.key] ?? ""}
                onChange={(event) => draft.setScore(criterion.key, event.target.value)}
                className="h-8"
              />
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}

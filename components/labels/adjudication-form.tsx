"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { adjudicateRollout } from "@/lib/labels/actions";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import { orderTaxonomyTree, type TaxonomyNode } from "@/lib/labels/taxonomy-tree";
import { LABEL_VERDICTS, TAXONOMY_FAMILIES } from "@/lib/values/review-values";
import { FAMILY_NAMES } from "./category-picker";

/** The adjudicator's final label for a rollout reviewers disagree on; their labels stay as they are. */
export function AdjudicationForm({
  rolloutId,
  queueId,
  taxonomy,
}: {
  rolloutId: string;
  queueId: string | null;
  taxonomy: readonly TaxonomyNode[];
}) {
  const tree = orderTaxonomyTree(taxonomy).filter((c) => !c.isRetired);
  return (
    <ActionForm
      action={adjudicateRollout}
      label="Final label"
      className="flex flex-col gap-4"
      renderSuccess={(data) => (
        <p role="status" className="text-sm text-success">
          Final label set: {VERDICT_NAMES[data.verdict]}.
        </p>
      )}
    >
      {(isPending) => (
        <>
          <input type="hidden" name="rolloutId" value={rolloutId} />
          {queueId ? <input type="hidden" name="queueId" value={queueId} /> : null}
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">Final verdict</legend>
            {LABEL_VERDICTS.map((verdict) => (
              <label key={verdict} className="flex items-center gap-2 text-sm">
                <input type="radio" name="verdict" value={verdict} required className="accent-accent" />
                {VERDICT_NAMES[verdict]}
              </label>
            ))}
          </fieldset>
          {TAXONOMY_FAMILIES.map((family) => (
            <details key={family}>
              <summary className="cursor-pointer text-xs font-semibold uppercase tracking-wide text-fg-muted">
                {FAMILY_NAMES[family]}
              </summary>
              <ul className="mt-1 flex flex-col gap-0.5">
                {tree
                  .filter((c) => c.family === family)
                  .map((c) => (
                    <li key={c.id} style={{ paddingLeft: `${c.depth}rem` }}>
                      <label className="flex items-center gap-2 text-sm" title={c.description}>
                        <input type="checkbox" name="categories" value={c.key} className="accent-accent" />
                        {c.name}
                      </label>
                    </li>
                  ))}
              </ul>
            </details>
          ))}
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Rationale
            <textarea
              name="rationale"
              rows={3}
              maxLength={20_000}
              className="rounded-md border border-border bg-surface px-3 py-2 text-sm font-normal"
            />
          </label>
          <Button type="submit" disabled={isPending} className="self-start">
            Set final label
          </Button>
        </>
      )}
    </ActionForm>
  );
}

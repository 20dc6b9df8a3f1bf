"use client";

import { orderTaxonomyTree, type TaxonomyNode } from "@/lib/labels/taxonomy-tree";
import { TAXONOMY_FAMILIES } from "@/lib/values/review-values";

export const FAMILY_NAMES = { "reward-hack": "Reward hacks", "failure-mode": "Failure modes" } as const;

/** Checkboxes of the taxonomy tree per family; retired categories appear only where already chosen. */
export function CategoryPicker({
  taxonomy,
  selected,
  onToggle,
  isDisabled = false,
}: {
  taxonomy: readonly TaxonomyNode[];
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  isDisabled?: boolean;
}) {
  const tree = orderTaxonomyTree(taxonomy).filter((node) => !node.isRetired || selected.has(node.key));
  return (
    <fieldset className="flex flex-col gap-2" disabled={isDisabled}>
      <legend className="mb-1 text-sm font-medium text-fg">Categories</legend>
      {TAXONOMY_FAMILIES.map((family) => (
        <details key={family} open={tree.some((n) => n.family === family && selected.has(n.key))}>
          <summary className="cursor-pointer text-xs font-semibold uppercase tracking-wide text-fg-muted">
            {FAMILY_NAMES[family]}
          </summary>
          <ul className="mt-1 flex flex-col gap-0.5">
            {tree
              .filter((node) => node.family === family)
              .map((node) => (
                <li key={node.id} style={{ paddingLeft: `${node.depth * 1}rem` }}>
                  <label className="flex cursor-pointer items-start gap-2 text-sm" title={node.description}>
                    <input
                      type="checkbox"
                      name="categories"
                      value={node.key}
                      checked={selected.has(node.key)}
                      onChange={() => onToggle(node.key)}
                      className="mt-1 accent-accent"
                    />
                    <span>
                      {node.name}
                      {node.isRetired ? <span className="text-xs text-fg-muted"> (retired)</span> : null}
                    </span>
                  </label>
                </li>
              ))}
          </ul>
        </details>
      ))}
    </fieldset>
  );
}

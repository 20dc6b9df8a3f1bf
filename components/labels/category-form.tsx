"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createTaxonomyCategory, updateTaxonomyCategory } from "@/lib/labels/actions";
import type { TaxonomyNode } from "@/lib/labels/taxonomy-tree";
import { TAXONOMY_FAMILIES, type TaxonomyFamily } from "@/lib/values/review-values";
import { FAMILY_NAMES } from "./category-picker";

const FIELD = "rounded-md border border-border bg-surface px-3 py-2 text-sm";

/** Adds a category (family, permanent key) or edits one (name, description, examples, parent). */
export function CategoryForm({
  category,
  parents,
  family,
}: {
  /** The category to edit; a new one when absent. */
  category?: TaxonomyNode;
  /** Categories it may sit under. */
  parents: readonly TaxonomyNode[];
  family?: TaxonomyFamily;
}) {
  const isNew = !category;
  const id = category?.id ?? `new-${family ?? "any"}`;
  return (
    <ActionForm
      action={isNew ? createTaxonomyCategory : updateTaxonomyCategory}
      label={isNew ? "New category" : `Edit ${category.name}`}
      className="grid gap-2 md:grid-cols-2"
      renderSuccess={() => <p className="text-sm text-success">Saved.</p>}
    >
      {(isPending) => (
        <>
          {category ? <input type="hidden" name="id" value={category.id} /> : null}
          {isNew ? (
            <>
              <label htmlFor={`${id}-family`} className="flex flex-col gap-1 text-xs font-medium">
                Family
                <Select id={`${id}-family`} name="family" defaultValue={family ?? "reward-hack"}>
                  {TAXONOMY_FAMILIES.map((f) => (
                    <option key={f} value={f}>
                      {FAMILY_NAMES[f]}
                    </option>
                  ))}
                </Select>
              </label>
              <label htmlFor={`${id}-key`} className="flex flex-col gap-1 text-xs font-medium">
                Key (permanent)
                <Input
                  id={`${id}-key`}
                  name="key"
                  required
                  placeholder="e.g. cached-test-results"
                  pattern="[a-z0-9]+(-[a-z0-9]+)*"
                />
              </label>
            </>
          ) : null}
          <label htmlFor={`${id}-name`} className="flex flex-col gap-1 text-xs font-medium">
            Name
            <Input id={`${id}-name`} name="name" required defaultValue={category?.name ?? ""} />
          </label>
          <label htmlFor={`${id}-parent`} className="flex flex-col gap-1 text-xs font-medium">
            Parent
            <Select id={`${id}-parent`} name="parentId" defaultValue={category?.parentId ?? ""}>
              <option value="">None (top level)</option>
              {parents
                .filter((p) => p.id !== category?.id && (!category || p.family === category.family))
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {FAMILY_NAMES[p.family]}: {p.name}
                  </option>
                ))}
            </Select>
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium md:col-span-2">
            Description
            <textarea
              name="description"
              rows={2}
              defaultValue={category?.description ?? ""}
              className={FIELD}
            />
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium md:col-span-2">
            Examples (one per line)
            <textarea
              name="examples"
              rows={2}
              defaultValue={category?.examples.join("\n") ?? ""}
              className={FIELD}
            />
          </label>
          <Button type="submit" size="sm" disabled={isPending} className="self-start">
            {isNew ? "Add category" : "Save"}
          </Button>
        </>
      )}
    </ActionForm>
  );
}

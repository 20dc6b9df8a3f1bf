"use client";

import type { Requirement } from "@/lib/tasks/coverage";

/** Which prompt requirements a criterion or check verifies: a box per requirement, stale links listed apart. */
export function RequirementPicker({
  label,
  requirements,
  selected,
  inferred = [],
  isReadOnly,
  onChange,
}: {
  label: string;
  requirements: Requirement[];
  selected: string[];
  /** Requirements the coverage check infers this item covers by meaning: labelled, never ticked. */
  inferred?: string[];
  isReadOnly: boolean;
  onChange: (next: string[]) => void;
}) {
  const ids = new Set(requirements.map((r) => r.id));
  const stale = selected.filter((ref) => !ids.has(ref));
  const toggle = (id: string, isOn: boolean) =>
    onChange(isOn ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs font-medium">{label}</legend>
      {requirements.length === 0 ? (
        <p className="text-xs text-fg-muted">The prompt has no requirements yet.</p>
      ) : null}
      {requirements.map((r) => (
        <label key={r.id} className="flex items-start gap-2 text-xs">
          <input
            type="checkbox"
            className="mt-0.5"
            disabled={isReadOnly}
            checked={selected.includes(r.id)}
            onChange={(e) => toggle(r.id, e.target.checked)}
          />
          <span>
            {r.text}
            {!selected.includes(r.id) && inferred.includes(r.id) ? (
              <span
                className="ml-1 text-fg-muted"
                title="The coverage check infers this link from the words; tick the box to link it yourself"
              >
                (inferred)
              </span>
            ) : null}
          </span>
        </label>
      ))}
      {stale.map((ref) => (
        <div key={ref} className="flex items-start gap-2 text-xs text-fg-muted">
          <span className="flex-1">
            Linked by text, or no longer in the prompt: <q>{ref}</q>
          </span>
          {isReadOnly ? null : (
            <button
              type="button"
              className="text-danger underline"
              onClick={() => onChange(selected.filter((s) => s !== ref))}
            >
              Unlink
            </button>
          )}
        </div>
      ))}
    </fieldset>
  );
}

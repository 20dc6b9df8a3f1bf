"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { CHECK_KIND_LABELS } from "@/lib/rubrics/checks";
import type { Requirement } from "@/lib/tasks/coverage";
import { type Check, isRedactedCheck, type RedactedCheck } from "@/lib/tasks/hidden-material";
import { CheckConfigFields } from "./check-config-fields";
import { RequirementPicker } from "./requirement-picker";

/** One programmatic check: its kind and expected values, and which requirements it verifies. */
export function CheckEditor({
  index,
  check,
  requirements,
  inferred = [],
  isReadOnly,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  check: Check | RedactedCheck;
  requirements: Requirement[];
  /** Requirements the coverage check infers this item covers by meaning (not linked by the author). */
  inferred?: string[];
  isReadOnly: boolean;
  errors: (field: string) => string | undefined;
  onChange: (next: Check | RedactedCheck) => void;
  onRemove: () => void;
}) {
  const [isOpen, setIsOpen] = useState(check.description.trim() === "");
  const configError = (field: string) => errors(`config.${field}`);
  const hasErrors = Boolean(
    errors("key") ||
      errors("config") ||
      ["pattern", "flags", "extract", "expected", "tolerance", "path", "items", "unit", "min", "max"].some(
        (field) => configError(field),
      ),
  );
  const id = (field: string) => `check-${index}-${field}`;
  return (
    <li className="rounded-md border border-border" aria-label={`Check ${check.key}`}>
      <details open={isOpen || hasErrors} onToggle={(e) => setIsOpen(e.currentTarget.open)}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-3 text-sm">
          <Badge tone="accent">{CHECK_KIND_LABELS[check.kind]}</Badge>
          <span className="font-mono text-xs">{check.key}</span>
          <span className="text-fg-muted">{check.description}</span>
          <span className="text-xs text-fg-muted">
            weight {check.weight} · verifies {check.requirements.length}{" "}
            {check.requirements.length === 1 ? "requirement" : "requirements"}
          </span>
        </summary>
        <div className="flex flex-col gap-3 border-t border-border p-3">
          <div className="flex flex-wrap items-end gap-3">
            <Field label="Key" htmlFor={id("key")} error={errors("key")}>
              <Input
                id={id("key")}
                value={check.key}
                readOnly={isReadOnly}
                onChange={(e) => onChange({ ...check, key: e.target.value })}
                className="w-40 font-mono"
              />
            </Field>
            <Field label="Weight" htmlFor={id("weight")} error={errors("weight")}>
              <Input
                id={id("weight")}
                type="number"
                min={0}
                step={0.5}
                value={check.weight}
                readOnly={isReadOnly}
                onChange={(e) => onChange({ ...check, weight: Number(e.target.value) })}
                className="w-24"
              />
            </Field>
            <div className="min-w-64 flex-1">
              <Field label="What it verifies" htmlFor={id("description")}>
                <Input
                  id={id("description")}
                  value={check.description}
                  readOnly={isReadOnly}
                  onChange={(e) => onChange({ ...check, description: e.target.value })}
                />
              </Field>
            </div>
            {isReadOnly ? null : (
              <Button size="sm" variant="danger" onClick={onRemove}>
                Remove check
              </Button>
            )}
          </div>
          {isRedactedCheck(check) ? (
            <p className="text-xs text-fg-muted">Expected values are hidden from your role.</p>
          ) : (
            <CheckConfigFields
              check={check}
              idPrefix={id("config")}
              isReadOnly={isReadOnly}
              errors={configError}
              onChange={onChange}
            />
          )}
          {errors("config") ? (
            <p role="alert" className="text-xs text-danger">
              {errors("config")}
            </p>
          ) : null}
          <RequirementPicker
            inferred={inferred}
            label="Verifies these prompt requirements"
            requirements={requirements}
            selected={check.requirements}
            isReadOnly={isReadOnly}
            onChange={(next) => onChange({ ...check, requirements: next })}
          />
        </div>
      </details>
    </li>
  );
}

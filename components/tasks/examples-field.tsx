"use client";

import { Button } from "@/components/ui/button";
import { useRowKeys } from "./use-row-keys";

/** A list of example answers (each a small text area) with add and remove. */
export function ExamplesField({
  label,
  examples,
  isReadOnly,
  onChange,
}: {
  label: string;
  examples: string[];
  isReadOnly: boolean;
  onChange: (next: string[]) => void;
}) {
  const rows = useRowKeys(examples.length);
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium">{label}</span>
      {examples.map((example, index) => (
        <div key={rows.keys[index]} className="flex gap-2">
          <textarea
            aria-label={`${label} ${index + 1}`}
            value={example}
            readOnly={isReadOnly}
            rows={2}
            onChange={(e) => onChange(examples.map((x, i) => (i === index ? e.target.value : x)))}
            className="flex-1 rounded-md border border-border bg-surface px-2 py-1 text-xs text-fg"
          />
          {isReadOnly ? null : (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
              onClick={() => {
                rows.remove(index);
                onChange(examples.filter((_, i) => i !== index));
              }}
            >
              ×
            </Button>
          )}
        </div>
      ))}
      {isReadOnly ? null : (
        <div>
          <Button size="sm" variant="ghost" onClick={() => onChange([...examples, ""])}>
            + {label.toLowerCase()}
          </Button>
        </div>
      )}
    </div>
  );
}

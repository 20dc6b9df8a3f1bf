"use client";

import { VERDICT_NAMES } from "@/lib/labels/schemas";
import { cn } from "@/lib/utils";
import { LABEL_VERDICTS, type LabelVerdict } from "@/lib/values/review-values";

/** The six verdicts as radio buttons, each with its keyboard key (1–6). */
export function VerdictPicker({
  value,
  onChange,
  isDisabled = false,
}: {
  value: LabelVerdict | null;
  onChange: (verdict: LabelVerdict) => void;
  isDisabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-1" disabled={isDisabled}>
      <legend className="mb-1 text-sm font-medium text-fg">Verdict</legend>
      {LABEL_VERDICTS.map((verdict, i) => (
        <label
          key={verdict}
          className={cn(
            "flex cursor-pointer items-center gap-2 rounded-md border px-2 py-1.5 text-sm",
            value === verdict ? "border-accent bg-accent/10" : "border-border hover:bg-surface-muted",
          )}
        >
          <input
            type="radio"
            name="verdict"
            value={verdict}
            checked={value === verdict}
            onChange={() => onChange(verdict)}
            className="accent-accent"
          />
          <kbd className="rounded border border-border px-1 font-mono text-[11px] text-fg-muted">{i + 1}</kbd>
          {VERDICT_NAMES[verdict]}
        </label>
      ))}
    </fieldset>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Select } from "@/components/ui/select";
import { updateSignatureSetting } from "@/lib/scanners/actions";
import { FLAG_SEVERITIES, type FlagSeverity } from "@/lib/values/scanner-values";

/** An owner's switch and severity cap for one signature; applies to existing and future flags. */
export function SignatureSetting({
  signature,
  title,
  isEnabled,
  severity,
  defaultSeverity,
}: {
  signature: string;
  title: string;
  isEnabled: boolean;
  severity: FlagSeverity | null;
  defaultSeverity: FlagSeverity;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const save = (next: { isEnabled: boolean; severity: FlagSeverity | null }) =>
    startTransition(async () => {
      setError(null);
      const result = await updateSignatureSetting({ signature, ...next });
      if (!result.ok) setError(result.error.message);
      else router.refresh();
    });
  const allowed = FLAG_SEVERITIES.slice(FLAG_SEVERITIES.indexOf(defaultSeverity));
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          checked={isEnabled}
          disabled={isPending}
          onChange={(e) => save({ isEnabled: e.target.checked, severity })}
          aria-label={`${title} enabled`}
        />
        {isEnabled ? "On" : "Off"}
      </label>
      <Select
        aria-label={`${title} severity`}
        value={severity ?? ""}
        disabled={isPending || !isEnabled}
        onChange={(e) => save({ isEnabled, severity: (e.target.value || null) as FlagSeverity | null })}
        className="h-8 text-xs"
      >
        <option value="">Default ({defaultSeverity})</option>
        {allowed.map((s) => (
          <option key={s} value={s}>
            At most {s}
          </option>
        ))}
      </Select>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

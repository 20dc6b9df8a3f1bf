"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/auth/run-action";

/**
 * The calibration bar of a judge or of an LLM scanner version: the held-out kappa lower bound and the
 * held-out rollouts a version must reach before it can be deployed. `target` names what it is set on.
 */
export function CalibrationBarForm({
  action,
  target,
  bar,
}: {
  action: (prev: unknown, form: FormData) => Promise<ActionResult<unknown>>;
  target: { name: "judgeId" | "versionId"; value: string };
  bar: { minKappaLower: number; minHeldOut: number };
}) {
  return (
    <ActionForm
      action={action}
      label="Calibration bar"
      className="flex flex-wrap items-end gap-3"
      renderSuccess={() => <p className="text-sm text-success">Bar saved.</p>}
    >
      {(isPending) => (
        <>
          <input type="hidden" name={target.name} value={target.value} />
          <Field label="Held-out kappa lower bound at least" htmlFor="bar-kappa">
            <Input
              id="bar-kappa"
              name="minKappaLower"
              type="number"
              step="0.01"
              min={-1}
              max={1}
              defaultValue={bar.minKappaLower}
              className="w-28"
            />
          </Field>
          <Field label="Held-out rollouts at least" htmlFor="bar-n">
            <Input
              id="bar-n"
              name="minHeldOut"
              type="number"
              min={1}
              defaultValue={bar.minHeldOut}
              className="w-28"
            />
          </Field>
          <Button type="submit" variant="secondary" disabled={isPending}>
            Save bar
          </Button>
        </>
      )}
    </ActionForm>
  );
}

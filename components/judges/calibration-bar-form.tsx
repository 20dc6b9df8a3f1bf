"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { setCalibrationBar } from "@/lib/judges/actions";

export function CalibrationBarForm({
  judgeId,
  bar,
}: {
  judgeId: string;
  bar: { minKappaLower: number; minHeldOut: number };
}) {
  return (
    <ActionForm
      action={setCalibrationBar}
      label="Calibration bar"
      className="flex flex-wrap items-end gap-3"
      renderSuccess={() => <p className="text-sm text-success">Bar saved.</p>}
    >
      {(isPending) => (
        <>
          <input type="hidden" name="judgeId" value={judgeId} />
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

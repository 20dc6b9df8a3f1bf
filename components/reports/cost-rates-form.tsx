"use client";

import { ActionForm } from "@/components/settings/action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { updateCostRates } from "@/lib/reports/actions";
import type { CostRates } from "@/lib/reports/schemas";

const FIELDS: { name: keyof CostRates; label: string; step: string }[] = [
  { name: "authorHourlyRate", label: "Author rate ($/h)", step: "0.01" },
  { name: "reviewerHourlyRate", label: "Reviewer rate ($/h)", step: "0.01" },
  { name: "judgeInputPricePerMillion", label: "Judge input ($/M tokens)", step: "0.01" },
  { name: "judgeOutputPricePerMillion", label: "Judge output ($/M tokens)", step: "0.01" },
  { name: "judgeInputTokensPerRollout", label: "Judge input tokens per rollout", step: "1" },
  { name: "judgeOutputTokensPerRollout", label: "Judge output tokens per rollout", step: "1" },
  { name: "rolloutsPerTask", label: "Rollouts per new task", step: "1" },
  { name: "reviewedRolloutsPerTask", label: "Reviewed rollouts per new task", step: "1" },
];

/** The owner's form for the rates one more task is priced with. */
export function CostRatesForm({ environment, rates }: { environment: string; rates: CostRates }) {
  return (
    <ActionForm
      action={updateCostRates}
      label="Cost rates"
      className="flex flex-col gap-3"
      renderSuccess={() => <p className="text-sm text-success">Rates saved.</p>}
    >
      {(isPending) => (
        <>
          <input type="hidden" name="environment" value={environment} />
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {FIELDS.map((field) => (
              <Field key={field.name} label={field.label} htmlFor={`rate-${field.name}`}>
                <Input
                  id={`rate-${field.name}`}
                  name={field.name}
                  type="number"
                  min="0"
                  step={field.step}
                  required
                  defaultValue={rates[field.name]}
                />
              </Field>
            ))}
          </div>
          <div>
            <Button type="submit" size="sm" disabled={isPending}>
              Save rates
            </Button>
          </div>
        </>
      )}
    </ActionForm>
  );
}

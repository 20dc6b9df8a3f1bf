"use server";

import { revalidatePath } from "next/cache";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formFields } from "@/lib/form-fields";
import { parseInput } from "@/lib/validation";
import { updateCostRatesInput } from "./schemas";
import { updateCostRates as updateCostRatesVerb } from "./update-cost-rates";

// Server actions of the report. Each is a public endpoint: runAction checks its rule first.

export async function updateCostRates(_prev: unknown, form: FormData) {
  return runAction("updateCostRates", async (session) => {
    const input = parseInput(updateCostRatesInput, formFields(form));
    const result = await updateCostRatesVerb({ ctx: requireCtx(session), input });
    revalidatePath(`/environments/${encodeURIComponent(input.environment)}/report`);
    return result;
  });
}

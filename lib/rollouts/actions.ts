"use server";

import { revalidatePath } from "next/cache";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formText } from "@/lib/form-fields";
import { deleteRun as deleteRunVerb } from "./delete-run";

// Server actions for rollouts. Each is a public endpoint: runAction checks its rule first.

export async function deleteRun(_prev: unknown, form: FormData) {
  return runAction("deleteRun", async (session) => {
    const result = await deleteRunVerb({
      ctx: requireCtx(session),
      input: { id: formText(form, "id") },
    });
    revalidatePath("/rollouts", "layout");
    return result;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formLine } from "@/lib/form-fields";
import { promoteRollout as promoteRolloutVerb } from "./promote-rollout";

// "Make a task from this rollout": creates the draft task, then opens it in the task editor.

export async function promoteRollout(_prev: unknown, form: FormData) {
  const result = await runAction("promoteRollout", async (session) => {
    const task = await promoteRolloutVerb({
      ctx: requireCtx(session),
      input: {
        rolloutId: formLine(form, "rolloutId"),
        environment: formLine(form, "environment"),
        key: formLine(form, "key"),
        title: formLine(form, "title") || undefined,
      },
    });
    revalidatePath(`/environments/${task.environment}`);
    revalidatePath(`/rollouts/${formLine(form, "rolloutId")}`);
    return { environment: task.environment, key: task.key };
  });
  if (result.ok)
    redirect(`/environments/${result.data.environment}/tasks/${encodeURIComponent(result.data.key)}`);
  return result;
}

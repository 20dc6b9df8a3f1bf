"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { promoteRollout as promoteRolloutVerb } from "./promote-rollout";

// "Make a task from this rollout": creates the draft task, then opens it in the task editor.

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

export async function promoteRollout(_prev: unknown, form: FormData) {
  const result = await runAction("promoteRollout", async (session) => {
    const task = await promoteRolloutVerb({
      ctx: requireCtx(session),
      input: {
        rolloutId: text(form, "rolloutId"),
        environment: text(form, "environment"),
        key: text(form, "key"),
        title: text(form, "title") || undefined,
      },
    });
    revalidatePath(`/environments/${task.environment}`);
    revalidatePath(`/rollouts/${text(form, "rolloutId")}`);
    return { environment: task.environment, key: task.key };
  });
  if (result.ok)
    redirect(`/environments/${result.data.environment}/tasks/${encodeURIComponent(result.data.key)}`);
  return result;
}

import { z } from "zod";
import { taskKey } from "@/lib/tasks/schemas";

// "Make a task from this rollout": which environment the draft task goes to, under which key.

export const promoteRolloutInput = z.object({
  rolloutId: z.uuid("Choose a rollout."),
  environment: z.string().trim().min(1, "Choose the environment the task goes to.").max(64),
  key: taskKey,
  title: z.string().trim().max(300).optional(),
});
export type PromoteRolloutInput = z.input<typeof promoteRolloutInput>;

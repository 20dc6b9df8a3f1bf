"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { AppError } from "@/lib/errors";
import { formLine } from "@/lib/form-fields";
import { parseInput } from "@/lib/validation";
import { setTaskArchived } from "./archive-task";
import { type ConflictDetails, TaskConflictError } from "./conflict";
import { createTask as createTaskVerb } from "./create-task";
import { dismissFinding as dismissFindingVerb } from "./dismiss-finding";
import { markSentence as markSentenceVerb } from "./mark-sentence";
import { recordBestScore as recordBestScoreVerb } from "./record-best-score";
import { removeSentenceMark as removeSentenceMarkVerb } from "./remove-sentence-mark";
import { restoreRevision } from "./restore-revision";
import { reviewCoverageWithModel as reviewCoverageWithModelVerb } from "./review-coverage-with-model";
import type {
  dismissFindingInput,
  MarkSentenceInput,
  RemoveSentenceMarkInput,
  recordBestScoreInput,
} from "./schemas";
import { startCoverageCheck as startCoverageCheckVerb } from "./start-coverage-check";
import { findTemplate } from "./templates";

// Server actions for tasks. Each is a public endpoint: runAction checks its rule first. Saving the
// editor goes through PATCH /api/v1/tasks/{id} instead (no body-size cap, the same 409 as the API).

const taskRef = z.object({ taskId: z.uuid(), environment: z.string().min(1).max(64) });

export async function createTask(_prev: unknown, form: FormData) {
  const environment = formLine(form, "environment");
  const result = await runAction("createTask", async (session) => {
    const ctx = requireCtx(session);
    const templateId = formLine(form, "template");
    const template = templateId ? findTemplate(templateId) : null;
    if (templateId && !template) throw new AppError("invalid", "Unknown template.");
    const base = template ? template.task : { key: "", title: "" };
    const task = await createTaskVerb({
      ctx,
      environmentSlug: environment,
      input: {
        ...base,
        key: formLine(form, "key") || base.key,
        title: formLine(form, "title") || base.title,
      },
      message: template ? `Created from the template "${template.name}"` : "Created",
    });
    revalidatePath(`/environments/${environment}`);
    return { key: task.key };
  });
  if (result.ok) redirect(`/environments/${environment}/tasks/${encodeURIComponent(result.data.key)}`);
  return result;
}

export async function archiveTask(_prev: unknown, form: FormData) {
  return runAction("archiveTask", async (session) => {
    const { taskId, environment } = parseInput(taskRef, {
      taskId: formLine(form, "taskId"),
      environment: formLine(form, "environment"),
    });
    const isArchived = formLine(form, "archived") === "1";
    await setTaskArchived({ ctx: requireCtx(session), taskId, isArchived });
    revalidatePath(`/environments/${environment}`, "layout");
    return { isArchived };
  });
}

export async function dismissFinding(input: { taskId: string } & z.input<typeof dismissFindingInput>) {
  return runAction("dismissFinding", async (session) => {
    const { taskId, ...rest } = input;
    return dismissFindingVerb({ ctx: requireCtx(session), taskId, input: rest });
  });
}

/** Marks a sentence as background or as a requirement for every task of the workspace. */
export async function markSentence(input: MarkSentenceInput) {
  return runAction("markSentence", async (session) => {
    const mark = await markSentenceVerb({ ctx: requireCtx(session), input });
    revalidatePath("/settings");
    return mark;
  });
}

export async function removeSentenceMark(input: RemoveSentenceMarkInput) {
  return runAction("removeSentenceMark", async (session) => {
    const removed = await removeSentenceMarkVerb({ ctx: requireCtx(session), input });
    revalidatePath("/settings");
    return removed;
  });
}

/** Asks a judge provider about the saved task's findings; the model's reasons come back per finding. */
export async function reviewCoverageWithModel(input: { taskId: string; providerId: string }) {
  return runAction("reviewCoverageWithModel", async (session) => {
    const { taskId, ...rest } = input;
    return reviewCoverageWithModelVerb({ ctx: requireCtx(session), taskId, input: rest });
  });
}

/** Starts the coverage check of every task of an environment as a job (rules, or with a provider the model too). */
export async function startCoverageCheck(input: { environment: string; providerId?: string }) {
  return runAction("startCoverageCheck", async (session) => {
    const job = await startCoverageCheckVerb({ ctx: requireCtx(session), input });
    return { jobId: job.id };
  });
}

export type RestoreOutcome =
  | { kind: "restored"; revision: number }
  | { kind: "conflict"; conflict: ConflictDetails };

export async function restoreTaskRevision(input: { taskId: string; revision: number; baseRevision: number }) {
  return runAction("restoreTaskRevision", async (session): Promise<RestoreOutcome> => {
    const data = parseInput(
      z.object({
        taskId: z.uuid(),
        revision: z.number().int().min(1),
        baseRevision: z.number().int().min(0),
      }),
      input,
    );
    try {
      const restored = await restoreRevision({ ctx: requireCtx(session), ...data });
      return { kind: "restored", revision: restored.revision };
    } catch (error) {
      if (error instanceof TaskConflictError) return { kind: "conflict", conflict: error.details };
      throw error;
    }
  });
}

export async function recordBestScore(input: { taskId: string } & z.input<typeof recordBestScoreInput>) {
  return runAction("recordBestScore", async (session) => {
    const { taskId, ...rest } = input;
    return recordBestScoreVerb({ ctx: requireCtx(session), taskId, input: rest });
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formLine } from "@/lib/form-fields";
import { DEFAULT_JUDGE_TEMPLATE } from "./judge-template";
import { createSharedRubric as createSharedRubricVerb, setRubricArchived, updateRubric } from "./save-rubric";

// Server actions for shared rubrics. Each is a public endpoint: runAction checks its rule first.

export async function createSharedRubric(_prev: unknown, form: FormData) {
  const environment = formLine(form, "environment");
  const result = await runAction("createSharedRubric", async (session) => {
    const rubric = await createSharedRubricVerb({
      ctx: requireCtx(session),
      environmentSlug: environment,
      input: {
        title: formLine(form, "title"),
        description: formLine(form, "description"),
        judgeTemplate: DEFAULT_JUDGE_TEMPLATE,
      },
    });
    revalidatePath(`/environments/${environment}`);
    return { id: rubric.id };
  });
  if (result.ok) redirect(`/environments/${environment}/rubrics/${result.data.id}`);
  return result;
}

export async function saveSharedRubric(input: { rubricId: string; patch: unknown }) {
  return runAction("saveSharedRubric", async (session) => {
    const rubric = await updateRubric({
      ctx: requireCtx(session),
      rubricId: input.rubricId,
      input: input.patch,
    });
    revalidatePath(`/environments/${rubric.environment}`, "layout");
    return rubric;
  });
}

export async function archiveSharedRubric(_prev: unknown, form: FormData) {
  return runAction("archiveSharedRubric", async (session) => {
    const rubric = await setRubricArchived({
      ctx: requireCtx(session),
      rubricId: formLine(form, "rubricId"),
      isArchived: formLine(form, "archived") === "1",
    });
    revalidatePath(`/environments/${rubric.environment}`, "layout");
    return { isArchived: rubric.archivedAt !== null };
  });
}

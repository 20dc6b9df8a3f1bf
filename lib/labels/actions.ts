"use server";

import { revalidatePath } from "next/cache";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formLines, formList, formOptional, formText } from "@/lib/form-fields";
import { adjudicateRollout as adjudicateRolloutVerb } from "./adjudicate-rollout";
import { createCategory } from "./create-category";
import type { SubmitLabelInput } from "./schemas";
import { setCorpusStatus as setCorpusStatusVerb } from "./set-corpus-status";
import { submitLabel as submitLabelVerb } from "./submit-label";
import { setCategoryRetired, updateCategory } from "./update-category";

// Server actions of the labels domain. Each is a public endpoint: runAction checks its rule, the
// verb checks the permission again and parses its input with zod.

export async function submitLabel(input: SubmitLabelInput) {
  return runAction("submitLabel", async (session) => {
    const label = await submitLabelVerb({ ctx: requireCtx(session), input });
    revalidatePath("/review", "layout");
    return { id: label.id, version: label.version };
  });
}

export async function adjudicateRollout(_prev: unknown, form: FormData) {
  return runAction("adjudicateRollout", async (session) => {
    const result = await adjudicateRolloutVerb({
      ctx: requireCtx(session),
      input: {
        rolloutId: formText(form, "rolloutId"),
        queueId: formOptional(form, "queueId"),
        verdict: formText(form, "verdict") as never,
        categories: formList(form, "categories"),
        rationale: formText(form, "rationale"),
      },
    });
    revalidatePath("/review", "layout");
    return { verdict: result.verdict };
  });
}

export async function setCorpusStatus(_prev: unknown, form: FormData) {
  return runAction("setCorpusStatus", async (session) => {
    const result = await setCorpusStatusVerb({
      ctx: requireCtx(session),
      input: {
        rolloutId: formText(form, "rolloutId"),
        status: formText(form, "status") as never,
        fixedInRevision: formOptional(form, "fixedInRevision"),
        note: formText(form, "note"),
      },
    });
    revalidatePath("/review/corpus");
    return { status: result.status };
  });
}

export async function createTaxonomyCategory(_prev: unknown, form: FormData) {
  return runAction("createTaxonomyCategory", async (session) => {
    const category = await createCategory({
      ctx: requireCtx(session),
      input: {
        family: formText(form, "family") as never,
        key: formText(form, "key"),
        name: formText(form, "name"),
        description: formText(form, "description"),
        examples: formLines(form, "examples"),
        parentId: formOptional(form, "parentId"),
      },
    });
    revalidatePath("/review/taxonomy");
    return category;
  });
}

export async function updateTaxonomyCategory(_prev: unknown, form: FormData) {
  return runAction("updateTaxonomyCategory", async (session) => {
    const category = await updateCategory({
      ctx: requireCtx(session),
      input: {
        id: formText(form, "id"),
        name: formText(form, "name"),
        description: formText(form, "description"),
        examples: formLines(form, "examples"),
        parentId: formOptional(form, "parentId"),
      },
    });
    revalidatePath("/review/taxonomy");
    return category;
  });
}

export async function setTaxonomyCategoryRetired(_prev: unknown, form: FormData) {
  return runAction("setTaxonomyCategoryRetired", async (session) => {
    const category = await setCategoryRetired({
      ctx: requireCtx(session),
      input: { id: formText(form, "id"), isRetired: formText(form, "isRetired") === "true" },
    });
    revalidatePath("/review/taxonomy");
    return category;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { adjudicateRollout as adjudicateRolloutVerb } from "./adjudicate-rollout";
import { createCategory } from "./create-category";
import type { SubmitLabelInput } from "./schemas";
import { setCorpusStatus as setCorpusStatusVerb } from "./set-corpus-status";
import { submitLabel as submitLabelVerb } from "./submit-label";
import { setCategoryRetired, updateCategory } from "./update-category";

// Server actions of the labels domain. Each is a public endpoint: runAction checks its rule, the
// verb checks the permission again and parses its input with zod.

const field = (form: FormData, name: string) => String(form.get(name) ?? "");
const optionalField = (form: FormData, name: string) => field(form, name).trim() || null;
const list = (form: FormData, name: string) => form.getAll(name).map(String).filter(Boolean);
const lines = (form: FormData, name: string) =>
  field(form, name)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

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
        rolloutId: field(form, "rolloutId"),
        queueId: optionalField(form, "queueId"),
        verdict: field(form, "verdict") as never,
        categories: list(form, "categories"),
        rationale: field(form, "rationale"),
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
        rolloutId: field(form, "rolloutId"),
        status: field(form, "status") as never,
        fixedInRevision: optionalField(form, "fixedInRevision"),
        note: field(form, "note"),
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
        family: field(form, "family") as never,
        key: field(form, "key"),
        name: field(form, "name"),
        description: field(form, "description"),
        examples: lines(form, "examples"),
        parentId: optionalField(form, "parentId"),
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
        id: field(form, "id"),
        name: field(form, "name"),
        description: field(form, "description"),
        examples: lines(form, "examples"),
        parentId: optionalField(form, "parentId"),
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
      input: { id: field(form, "id"), isRetired: field(form, "isRetired") === "true" },
    });
    revalidatePath("/review/taxonomy");
    return category;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { createEnvironment as createEnvironmentVerb } from "./create-environment";
import { splitTags } from "./schemas";
import { setEnvironmentArchived, updateEnvironment as updateEnvironmentVerb } from "./update-environment";

// Server actions for environments. Each is a public endpoint: runAction checks its rule first.

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function createEnvironment(_prev: unknown, form: FormData) {
  const result = await runAction("createEnvironment", async (session) => {
    const environment = await createEnvironmentVerb({
      ctx: requireCtx(session),
      input: {
        slug: text(form, "slug"),
        name: text(form, "name"),
        description: text(form, "description"),
        domain: text(form, "domain"),
        tags: splitTags(text(form, "tags")),
      },
    });
    revalidatePath("/environments");
    return { slug: environment.slug };
  });
  if (result.ok) redirect(`/environments/${result.data.slug}`);
  return result;
}

export async function updateEnvironment(_prev: unknown, form: FormData) {
  return runAction("updateEnvironment", async (session) => {
    const slug = text(form, "slug");
    await updateEnvironmentVerb({
      ctx: requireCtx(session),
      slug,
      input: {
        name: text(form, "name"),
        description: text(form, "description"),
        domain: text(form, "domain"),
        tags: splitTags(text(form, "tags")),
        reviewersSeeAnswerKeys: form.get("reviewersSeeAnswerKeys") === "on",
      },
    });
    revalidatePath(`/environments/${slug}`, "layout");
    return { slug };
  });
}

export async function archiveEnvironment(_prev: unknown, form: FormData) {
  return runAction("archiveEnvironment", async (session) => {
    const slug = text(form, "slug");
    const isArchived = text(form, "archived") === "1";
    await setEnvironmentArchived({ ctx: requireCtx(session), slug, isArchived });
    revalidatePath("/environments", "layout");
    return { slug, isArchived };
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formText } from "@/lib/form-fields";
import { createEnvironment as createEnvironmentVerb } from "./create-environment";
import { splitTags } from "./schemas";
import { setEnvironmentArchived, updateEnvironment as updateEnvironmentVerb } from "./update-environment";

// Server actions for environments. Each is a public endpoint: runAction checks its rule first.

export async function createEnvironment(_prev: unknown, form: FormData) {
  const result = await runAction("createEnvironment", async (session) => {
    const environment = await createEnvironmentVerb({
      ctx: requireCtx(session),
      input: {
        slug: formText(form, "slug"),
        name: formText(form, "name"),
        description: formText(form, "description"),
        domain: formText(form, "domain"),
        tags: splitTags(formText(form, "tags")),
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
    const slug = formText(form, "slug");
    await updateEnvironmentVerb({
      ctx: requireCtx(session),
      slug,
      input: {
        name: formText(form, "name"),
        description: formText(form, "description"),
        domain: formText(form, "domain"),
        tags: splitTags(formText(form, "tags")),
        reviewersSeeAnswerKeys: form.get("reviewersSeeAnswerKeys") === "on",
      },
    });
    revalidatePath(`/environments/${slug}`, "layout");
    return { slug };
  });
}

export async function archiveEnvironment(_prev: unknown, form: FormData) {
  return runAction("archiveEnvironment", async (session) => {
    const slug = formText(form, "slug");
    const isArchived = formText(form, "archived") === "1";
    await setEnvironmentArchived({ ctx: requireCtx(session), slug, isArchived });
    revalidatePath("/environments", "layout");
    return { slug, isArchived };
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { AppError } from "@/lib/errors";
import { formLine } from "@/lib/form-fields";
import { acceptDraft as acceptDraftVerb, discardDraft as discardDraftVerb } from "./decide-draft";
import type { GenerateDraftsInput } from "./schemas";
import { startDrafting as startDraftingVerb } from "./start-drafting";
import { uploadDocument as uploadDocumentVerb } from "./upload-document";

// Server actions of the Drafts page: upload source documents, start drafting jobs, decide on drafts.

const draftsPath = (environment: string) => `/environments/${environment}/drafts`;

export async function uploadDocument(_prev: unknown, form: FormData) {
  return runAction("uploadDocument", async (session) => {
    const environment = formLine(form, "environment");
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0)
      throw new AppError("invalid", "Choose a document to upload.");
    const uploaded = await uploadDocumentVerb({
      ctx: requireCtx(session),
      environmentSlug: environment,
      file: { name: file.name, mediaType: file.type, data: new Uint8Array(await file.arrayBuffer()) },
    });
    revalidatePath(draftsPath(environment));
    return uploaded;
  });
}

export async function startDrafting(_prev: unknown, form: FormData) {
  return runAction("startDrafting", async (session) => {
    const fields = Object.fromEntries(
      [...form.entries()]
        .filter(([, v]) => typeof v === "string" && v !== "")
        .map(([k, v]) => [k, String(v)]),
    );
    const { environment, ...input } = fields;
    const job = await startDraftingVerb({
      ctx: requireCtx(session),
      input: input as unknown as GenerateDraftsInput,
    });
    revalidatePath(draftsPath(environment ?? ""));
    return { jobId: job.id };
  });
}

export async function acceptDraft(_prev: unknown, form: FormData) {
  const result = await runAction("acceptDraft", async (session) => {
    const task = await acceptDraftVerb({
      ctx: requireCtx(session),
      input: { draftId: formLine(form, "draftId"), key: formLine(form, "key") },
    });
    revalidatePath(draftsPath(task.environment));
    return { environment: task.environment, key: task.key };
  });
  if (result.ok)
    redirect(`/environments/${result.data.environment}/tasks/${encodeURIComponent(result.data.key)}`);
  return result;
}

export async function discardDraft(_prev: unknown, form: FormData) {
  return runAction("discardDraft", async (session) => {
    const discarded = await discardDraftVerb({
      ctx: requireCtx(session),
      input: { draftId: formLine(form, "draftId") },
    });
    revalidatePath(draftsPath(formLine(form, "environment")));
    return discarded;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { formText } from "@/lib/form-fields";
import {
  createProvider as createProviderVerb,
  setProviderArchived,
  updateProvider as updateProviderVerb,
} from "./save-provider";
import { testProviderConnection } from "./test-connection";

// Server actions for providers (Settings). Each is a public endpoint: runAction checks its rule first.

function providerFields(form: FormData) {
  return {
    name: formText(form, "name"),
    kind: formText(form, "kind") as "openai" | "anthropic",
    baseUrl: formText(form, "baseUrl"),
    model: formText(form, "model"),
    apiKey: formText(form, "apiKey"),
    concurrency: formText(form, "concurrency") || undefined,
    requestsPerMinute: formText(form, "requestsPerMinute"),
    inputPricePerMillion: formText(form, "inputPricePerMillion"),
    outputPricePerMillion: formText(form, "outputPricePerMillion"),
    timeoutSeconds: formText(form, "timeoutSeconds"),
  };
}

export async function createProvider(_prev: unknown, form: FormData) {
  return runAction("createProvider", async (session) => {
    const provider = await createProviderVerb({ ctx: requireCtx(session), input: providerFields(form) });
    revalidatePath("/settings");
    return { id: provider.id, name: provider.name };
  });
}

export async function updateProvider(_prev: unknown, form: FormData) {
  return runAction("updateProvider", async (session) => {
    const provider = await updateProviderVerb({
      ctx: requireCtx(session),
      input: {
        ...providerFields(form),
        id: formText(form, "id"),
        clearApiKey: form.get("clearApiKey") === "on",
      },
    });
    revalidatePath("/settings");
    return { id: provider.id, name: provider.name };
  });
}

export async function archiveProvider(_prev: unknown, form: FormData) {
  return runAction("archiveProvider", async (session) => {
    const isArchived = formText(form, "archived") === "1";
    await setProviderArchived({ ctx: requireCtx(session), id: formText(form, "id"), isArchived });
    revalidatePath("/settings");
    return { isArchived };
  });
}

export async function testProvider(_prev: unknown, form: FormData) {
  return runAction("testProvider", async (session) =>
    testProviderConnection({ ctx: requireCtx(session), id: formText(form, "id") }),
  );
}

"use server";

import { revalidatePath } from "next/cache";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import {
  createProvider as createProviderVerb,
  setProviderArchived,
  updateProvider as updateProviderVerb,
} from "./save-provider";
import { testProviderConnection } from "./test-connection";

// Server actions for providers (Settings). Each is a public endpoint: runAction checks its rule first.

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

function providerFields(form: FormData) {
  return {
    name: text(form, "name"),
    kind: text(form, "kind") as "openai" | "anthropic",
    baseUrl: text(form, "baseUrl"),
    model: text(form, "model"),
    apiKey: text(form, "apiKey"),
    concurrency: text(form, "concurrency") || undefined,
    requestsPerMinute: text(form, "requestsPerMinute"),
    inputPricePerMillion: text(form, "inputPricePerMillion"),
    outputPricePerMillion: text(form, "outputPricePerMillion"),
    timeoutSeconds: text(form, "timeoutSeconds"),
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
      input: { ...providerFields(form), id: text(form, "id"), clearApiKey: form.get("clearApiKey") === "on" },
    });
    revalidatePath("/settings");
    return { id: provider.id, name: provider.name };
  });
}

export async function archiveProvider(_prev: unknown, form: FormData) {
  return runAction("archiveProvider", async (session) => {
    const isArchived = text(form, "archived") === "1";
    await setProviderArchived({ ctx: requireCtx(session), id: text(form, "id"), isArchived });
    revalidatePath("/settings");
    return { isArchived };
  });
}

export async function testProvider(_prev: unknown, form: FormData) {
  return runAction("testProvider", async (session) =>
    testProviderConnection({ ctx: requireCtx(session), id: text(form, "id") }),
  );
}

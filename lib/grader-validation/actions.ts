"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { parseInput } from "@/lib/validation";
import { listValidations as list } from "./queries";
import { startValidation as start } from "./start-validation";

// Server actions of validation: start one (a background job) and read the latest ones (the
// versions page polls this while a validation runs).

export async function startValidation(input: { slug: string; version: number | null }) {
  return runAction("startValidation", async (session) => {
    const result = await start({ ctx: requireCtx(session), input });
    revalidatePath(`/environments/${encodeURIComponent(input.slug)}/versions`);
    return result;
  });
}

export async function listValidations(input: { slug: string }) {
  return runAction("listValidations", async (session) => {
    const { slug } = parseInput(z.object({ slug: z.string().trim().min(1).max(100) }), input);
    return list({ ctx: requireCtx(session), slug });
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { parseInput } from "@/lib/validation";
import { createDatasheetLink as create, revokeDatasheetLink as revoke } from "./datasheet-links";

// Server actions of the catalog: an owner shares a datasheet by link, or revokes the link.

const linkInput = z.object({ slug: z.string().trim().min(1).max(100), linkId: z.uuid().optional() });

export async function createDatasheetLink(input: { slug: string }) {
  return runAction("createDatasheetLink", async (session) => {
    const { slug } = parseInput(linkInput, input);
    const result = await create({ ctx: requireCtx(session), slug });
    revalidatePath(`/environments/${encodeURIComponent(slug)}/versions`);
    return result;
  });
}

export async function revokeDatasheetLink(input: { slug: string; linkId: string }) {
  return runAction("revokeDatasheetLink", async (session) => {
    const { slug, linkId } = parseInput(linkInput.required({ linkId: true }), input);
    const result = await revoke({ ctx: requireCtx(session), slug, linkId });
    revalidatePath(`/environments/${encodeURIComponent(slug)}/versions`);
    return result;
  });
}

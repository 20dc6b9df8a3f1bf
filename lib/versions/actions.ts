"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { parseInput } from "@/lib/validation";
import { approveEnvironment as approve } from "./approve-environment";
import { chooseSample as choose, removeSample as remove } from "./choose-sample";
import { publishEnvironment as publish } from "./publish-environment";
import { reopenEnvironment as reopen } from "./reopen-environment";
import { retireEnvironment as retire } from "./retire-environment";
import { approveBody } from "./schemas";
import { submitEnvironment as submit } from "./submit-environment";

// Server actions of the ship domain. Each is a public endpoint: runAction checks its rule first,
// then the input is parsed and the verb runs (which checks the permission again).

const slugInput = z.object({ slug: z.string().trim().min(1).max(100) });
const sampleInput = slugInput.extend({ rolloutId: z.string(), note: z.string().optional() });

function revalidate(slug: string) {
  revalidatePath(`/environments/${encodeURIComponent(slug)}/versions`);
  revalidatePath("/catalog");
}

export async function submitEnvironment(input: { slug: string }) {
  return runAction("submitEnvironment", async (session) => {
    const { slug } = parseInput(slugInput, input);
    const result = await submit({ ctx: requireCtx(session), slug });
    revalidate(slug);
    return result;
  });
}

export async function approveEnvironment(input: { slug: string; overrideReason?: string }) {
  return runAction("approveEnvironment", async (session) => {
    const { slug, overrideReason } = parseInput(slugInput.merge(approveBody), input);
    const result = await approve({ ctx: requireCtx(session), slug, overrideReason });
    revalidate(slug);
    return result;
  });
}

export async function publishEnvironment(input: { slug: string }) {
  return runAction("publishEnvironment", async (session) => {
    const { slug } = parseInput(slugInput, input);
    const result = await publish({ ctx: requireCtx(session), slug });
    revalidate(slug);
    return result;
  });
}

export async function retireEnvironment(input: { slug: string }) {
  return runAction("retireEnvironment", async (session) => {
    const { slug } = parseInput(slugInput, input);
    const result = await retire({ ctx: requireCtx(session), slug });
    revalidate(slug);
    return result;
  });
}

export async function reopenEnvironment(input: { slug: string }) {
  return runAction("reopenEnvironment", async (session) => {
    const { slug } = parseInput(slugInput, input);
    const result = await reopen({ ctx: requireCtx(session), slug });
    revalidate(slug);
    return result;
  });
}

export async function chooseSample(input: { slug: string; rolloutId: string; note?: string }) {
  return runAction("chooseSample", async (session) => {
    const { slug, ...sample } = parseInput(sampleInput, input);
    const result = await choose({ ctx: requireCtx(session), slug, input: sample });
    revalidate(slug);
    return result;
  });
}

export async function removeSample(input: { slug: string; rolloutId: string }) {
  return runAction("removeSample", async (session) => {
    const { slug, rolloutId } = parseInput(sampleInput, input);
    const result = await remove({ ctx: requireCtx(session), slug, input: { rolloutId } });
    revalidate(slug);
    return result;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { parseInput } from "@/lib/validation";
import { addAttackToCorpus as addToCorpus } from "./add-to-corpus";
import { getAttackRun as getRun, listAttackRuns as list } from "./queries";
import { startAttack as start } from "./start-attack";

// Server actions of attack runs: start one (a background job), read the latest ones and one run's
// attacks (the versions page polls while a run is going), and hand a successful attack to the corpus.

const slugInput = z.object({ slug: z.string().trim().min(1).max(100) });

export async function startAttack(input: { slug: string; version: number | null; provider?: string | null }) {
  return runAction("startAttack", async (session) => {
    const result = await start({ ctx: requireCtx(session), input });
    revalidatePath(`/environments/${encodeURIComponent(input.slug)}/versions`);
    return result;
  });
}

export async function listAttackRuns(input: { slug: string }) {
  return runAction("listAttackRuns", async (session) => {
    const { slug } = parseInput(slugInput, input);
    return list({ ctx: requireCtx(session), slug });
  });
}

export async function getAttackRun(input: { slug: string; jobId: string }) {
  return runAction("getAttackRun", async (session) => {
    const { slug, jobId } = parseInput(slugInput.extend({ jobId: z.uuid() }), input);
    return getRun({ ctx: requireCtx(session), slug, jobId });
  });
}

export async function addAttackToCorpus(input: { attackId: string }) {
  return runAction("addAttackToCorpus", async (session) => addToCorpus({ ctx: requireCtx(session), input }));
}

"use server";

import { revalidatePath } from "next/cache";
import { requireCtx, runAction } from "@/lib/auth/run-action";
import { startCorpusReplay as startCorpusReplayVerb } from "./start-corpus-replay";

// Server actions of corpus replay. runAction checks the rule; the verb checks again and parses.

export async function startCorpusReplay(input: { slug: string; version: number | null }) {
  return runAction("startCorpusReplay", async (session) => {
    const started = await startCorpusReplayVerb({ ctx: requireCtx(session), input });
    revalidatePath(`/environments/${input.slug}/versions`);
    return started;
  });
}

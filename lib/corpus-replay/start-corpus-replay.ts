import "server-only";
import { db } from "@/db/client";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { parseInput } from "@/lib/validation";
import { corpusReplayPayload, requestCorpusReplay } from "./corpus-replay-job";

/** "Replay the corpus" on the versions page: a version, or the draft (`version: null`). */
export async function startCorpusReplay({ ctx, input }: { ctx: Ctx; input: unknown }) {
  assertCan(ctx, "environments.export");
  const payload = parseInput(corpusReplayPayload, input);
  await findEnvironmentBySlug(db, ctx, payload.slug);
  const job = await requestCorpusReplay(ctx, payload);
  return { jobId: job.id };
}

"use server";

import { requireCtx, runAction } from "@/lib/auth/run-action";
import { cancelJob as cancelJobVerb } from "./cancel-job";
import { retryJob as retryJobVerb } from "./retry-job";

// Server actions for the Jobs page. Each is a public endpoint: runAction checks its rule first.

export async function cancelJob(id: string) {
  return runAction("cancelJob", async (session) => cancelJobVerb({ ctx: requireCtx(session), id }));
}

export async function retryJob(id: string) {
  return runAction("retryJob", async (session) => retryJobVerb({ ctx: requireCtx(session), id }));
}

import "server-only";
import os from "node:os";
import { z } from "zod";
import { db } from "@/db/client";
import { jobProbes } from "@/db/schema";
import { defineJobKind } from "./define-job-kind";

// The smallest real job: stores one row per key (idempotent: a second delivery stores nothing).
// It proves the queue end to end: the benchmark's no-op jobs, the exactly-once test across
// `studio worker` processes, and the retry and dead-letter tests (`failTimes`, `failForGood`).

export const probePayload = z.object({
  key: z.string().min(1).max(200),
  /** Fail this many attempts before succeeding (tests retry with backoff). */
  failTimes: z.number().int().min(0).max(10).default(0),
  /** Fail every attempt (tests the dead-letter state). */
  failForGood: z.boolean().default(false),
  /** Keep running this long, in steps, reporting progress (tests cancel and live progress). */
  steps: z.number().int().min(0).max(10_000).default(0),
  stepMs: z.number().int().min(0).max(10_000).default(0),
  /** Report this many items as failed (tests that a job whose every item failed has failed). */
  failItems: z.number().int().min(0).max(100).default(0),
});

const WORKER_NAME = `${process.pid}@${os.hostname()}`;

export const probeJob = defineJobKind({
  kind: "probe",
  payload: probePayload,
  maxAttempts: 3,
  retryDelaySeconds: 1,
  expireInSeconds: 15 * 60,
  async handler({ job, ctx, payload, signal, progress }) {
    if (payload.failForGood) throw new Error(`probe ${payload.key} fails every attempt`);
    if (job.attempt <= payload.failTimes)
      throw new Error(`probe ${payload.key} failed attempt ${job.attempt}`);
    if (payload.steps + payload.failItems > 0) progress.setTotal(payload.steps + payload.failItems);
    for (let item = 0; item < payload.failItems; item++)
      progress.addFailed(`item ${item + 1}`, "probe item fails");
    for (let step = 0; step < payload.steps; step++) {
      if (signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, payload.stepMs));
      progress.addDone();
    }
    if (signal.aborted) return;
    const stored = await db
      .insert(jobProbes)
      .values({ workspaceId: ctx.workspace.id, key: payload.key, worker: WORKER_NAME })
      .onConflictDoNothing()
      .returning({ id: jobProbes.id });
    return { stored: stored.length, worker: WORKER_NAME };
  },
});

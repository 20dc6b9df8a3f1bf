import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { graderAttacks } from "@/db/schema";
import { EXPORT_FORMATS } from "@/lib/exports/formats";
import { hashValidatedContent } from "@/lib/grader-validation/content-hash";
import { defineJobKind, PermanentJobError } from "@/lib/jobs/define-job-kind";
import { getProviderConfig } from "@/lib/providers/queries";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { freezeSnapshot, SnapshotError } from "@/lib/versions/freeze-snapshot";
import { getVersionSnapshot } from "@/lib/versions/queries";
import { type AttackSnapshotInput, attackKey, attackSnapshot } from "./attack-snapshot";
import { DEFAULT_MODEL_ATTACKS, MAX_MODEL_ATTACKS, writeModelAttacks } from "./model-attacks";
import { buildProviderJudge } from "./provider-judge";
import type { GradedAttack } from "./report";

// An attack run as a background job (issue #31): a version (or the draft as approval would freeze
// it) attacked task by task in every format. Each graded attack is a row keyed by (job, task, format,
// attack): a job delivered twice stores each attack once and grades only what the first delivery
// left undone. The result is the report (the same object `studio attack` prints) plus what it
// vouches for (contentSha), which the approval gate (lib/versions/attack-gate.ts) looks up.

export const attackPayload = z.object({
  slug: z.string().min(1).max(100),
  /** An approved version; null: the draft as it is now. */
  version: z.number().int().min(1).nullable(),
  format: z.enum(EXPORT_FORMATS).nullable().default(null),
  /** The workspace provider that writes model attacks and judges the criteria; null: no provider. */
  providerId: z.string().uuid().nullable().default(null),
  /** Model-written attacks per task (with a provider). */
  modelAttacks: z.number().int().min(0).max(MAX_MODEL_ATTACKS).default(DEFAULT_MODEL_ATTACKS),
});
export type AttackPayload = z.output<typeof attackPayload>;

/** Stored rows of a job, by `task/format/attack`. */
async function loadStored(jobId: string): Promise<Map<string, GradedAttack>> {
  const rows = await db.select().from(graderAttacks).where(eq(graderAttacks.jobId, jobId));
  return new Map(
    rows.map((r) => [
      attackKey(r.taskKey, r.format, r.attack),
      {
        task: r.taskKey,
        format: r.format as GradedAttack["format"],
        attack: r.attack,
        family: r.family as GradedAttack["family"],
        title: "",
        answer: r.answer,
        score: r.score,
        passBar: r.passBar,
        succeeded: r.succeeded,
        reason: r.reason,
        graderOutput: r.graderOutput,
        letThrough: r.letThrough,
      },
    ]),
  );
}

export const attackJob = defineJobKind({
  kind: "attack",
  payload: attackPayload,
  permission: "environments.export",
  maxAttempts: 2,
  expireInSeconds: 60 * 60,
  maxPerWorker: 1,
  async handler({ ctx, job, payload, signal, progress }) {
    const environment = await findEnvironmentBySlug(db, ctx, payload.slug);
    const snapshot =
      payload.version === null
        ? await freezeSnapshot(db, {
            environment,
            version: 1,
            approvedAt: new Date(),
            approvedBy: "attack",
            report: null,
          }).catch((error: unknown) => {
            if (error instanceof SnapshotError) throw new PermanentJobError(error.message);
            throw error;
          })
        : (await getVersionSnapshot({ ctx, slug: payload.slug, version: payload.version })).snapshot;
    const stored = await loadStored(job.id);
    const withProvider: Pick<AttackSnapshotInput, "judge" | "writeModelAttacks"> = {};
    if (payload.providerId) {
      const provider = await getProviderConfig({ ctx, id: payload.providerId });
      withProvider.judge = buildProviderJudge({ provider, signal });
      withProvider.writeModelAttacks = (task) =>
        writeModelAttacks({ provider, task, count: payload.modelAttacks, signal });
    }
    const report = await attackSnapshot({
      snapshot,
      format: payload.format ?? undefined,
      ...withProvider,
      stored,
      signal,
      onProgress: (done, total) => progress.set({ done, total }),
      onGraded: async (row) => {
        await db
          .insert(graderAttacks)
          .values({
            workspaceId: ctx.workspace.id,
            jobId: job.id,
            environmentId: environment.id,
            taskKey: row.task,
            format: row.format,
            attack: row.attack,
            family: row.family,
            score: row.score,
            passBar: row.passBar,
            succeeded: row.succeeded,
            reason: row.reason,
            answer: row.answer ?? "",
            graderOutput: row.graderOutput.slice(0, 20_000),
            letThrough: row.letThrough,
          })
          .onConflictDoNothing({
            target: [graderAttacks.jobId, graderAttacks.taskKey, graderAttacks.format, graderAttacks.attack],
          });
      },
    });
    return {
      ...report,
      environmentId: environment.id,
      version: payload.version,
      contentSha: hashValidatedContent(snapshot),
    };
  },
});

/** Whether a job's stored attacks include this one (for tests and the corpus hand-off). */
export async function findStoredAttack(jobId: string, taskKey: string, format: string, attack: string) {
  const [row] = await db
    .select()
    .from(graderAttacks)
    .where(
      and(
        eq(graderAttacks.jobId, jobId),
        eq(graderAttacks.taskKey, taskKey),
        eq(graderAttacks.format, format),
        eq(graderAttacks.attack, attack),
      ),
    );
  return row ?? null;
}

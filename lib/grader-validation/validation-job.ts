import "server-only";
import { z } from "zod";
import { db } from "@/db/client";
import { EXPORT_FORMATS } from "@/lib/exports/formats";
import { defineJobKind, PermanentJobError } from "@/lib/jobs/define-job-kind";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { freezeSnapshot, SnapshotError } from "@/lib/versions/freeze-snapshot";
import { getVersionSnapshot } from "@/lib/versions/queries";
import { hashValidatedContent } from "./content-hash";
import { validateSnapshot } from "./validate-snapshot";

// Validation as a background job: a version (or the draft as approval would freeze it) through
// every format's exported grader. The job's result is the report plus what it vouches for
// (contentSha), which the approval gate (lib/versions/approve-environment.ts) looks up.

export const validationPayload = z.object({
  slug: z.string().min(1).max(100),
  /** An approved version; null: the draft as it is now. */
  version: z.number().int().min(1).nullable(),
  format: z.enum(EXPORT_FORMATS).nullable().default(null),
});
export type ValidationPayload = z.output<typeof validationPayload>;

export const validationJob = defineJobKind({
  kind: "validate",
  payload: validationPayload,
  permission: "environments.export",
  maxAttempts: 1,
  expireInSeconds: 60 * 60,
  maxPerWorker: 1,
  async handler({ ctx, payload, signal, progress }) {
    const environment = await findEnvironmentBySlug(db, ctx, payload.slug);
    const snapshot =
      payload.version === null
        ? await freezeSnapshot(db, {
            environment,
            version: 1,
            approvedAt: new Date(),
            approvedBy: "validation",
            report: null,
          }).catch((error: unknown) => {
            if (error instanceof SnapshotError) throw new PermanentJobError(error.message);
            throw error;
          })
        : (await getVersionSnapshot({ ctx, slug: payload.slug, version: payload.version })).snapshot;
    const report = await validateSnapshot({
      snapshot,
      format: payload.format ?? undefined,
      signal,
      onProgress: (done, total) => progress.set({ done, total }),
    });
    return {
      ...report,
      environmentId: environment.id,
      version: payload.version,
      contentSha: hashValidatedContent(snapshot),
    };
  },
});

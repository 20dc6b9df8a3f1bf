import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environmentDocuments, environments, tasks } from "@/db/schema";
import { defineJobKind, PermanentJobError } from "@/lib/jobs/define-job-kind";
import { getProviderConfig } from "@/lib/providers/queries";
import { toFullContent } from "@/lib/tasks/hidden-material";
import { loadTaskContents } from "@/lib/tasks/load-content";
import { draftFlaws } from "./generate-flaws";
import { draftGrounded } from "./generate-grounded";
import { draftVariants } from "./generate-variants";
import { generateDraftsInput } from "./schemas";
import { countStoredDrafts, type DraftTarget, storeDraft } from "./store-draft";

// "Draft tasks" jobs: grounded drafts from a document, planted flaws, or variants of a task. Each
// draft is stored under (job, position) as soon as it exists, so a job run again after a crash
// or a second delivery stores nothing twice and asks the model only for what is missing.

async function loadDocument(workspaceId: string, environmentId: string, id: string) {
  const [row] = await db
    .select()
    .from(environmentDocuments)
    .where(
      and(
        eq(environmentDocuments.workspaceId, workspaceId),
        eq(environmentDocuments.environmentId, environmentId),
        eq(environmentDocuments.id, id),
      ),
    );
  if (!row) throw new PermanentJobError("The document is gone.");
  return row;
}

async function loadSourceTask(workspaceId: string, environmentId: string, taskId: string) {
  const [row] = await db
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(environments, eq(environments.id, tasks.environmentId))
    .where(
      and(
        eq(environments.workspaceId, workspaceId),
        eq(tasks.environmentId, environmentId),
        eq(tasks.id, taskId),
      ),
    );
  if (!row) throw new PermanentJobError("The task is gone.");
  const view = (await loadTaskContents(db, [row.task], { includeHidden: true })).get(row.task.id);
  const content = view ? toFullContent(view) : null;
  if (!content) throw new PermanentJobError("The task's content could not be read.");
  return { id: row.task.id, key: row.task.key, content };
}

export const draftTasksJob = defineJobKind({
  kind: "draft-tasks",
  permission: "environments.write",
  payload: generateDraftsInput,
  maxAttempts: 2,
  retryDelaySeconds: 15,
  expireInSeconds: 60 * 60,
  maxPerWorker: 2,
  async handler({ job, ctx, payload, signal, progress }) {
    const target: DraftTarget = {
      workspaceId: ctx.workspace.id,
      environmentId: payload.environmentId,
      jobId: job.id,
      createdById: ctx.actor.kind === "user" ? ctx.actor.userId : null,
    };
    const already = await countStoredDrafts(job.id);
    const wanted = payload.count - already;
    progress.set({ total: payload.count, done: already });
    if (wanted <= 0) return { drafted: already };
    let position = already;
    const keep = async (draft: Parameters<typeof storeDraft>[2]) => {
      await storeDraft(target, position++, draft);
      progress.addDone();
    };
    switch (payload.mode) {
      case "flaw": {
        const document = await loadDocument(ctx.workspace.id, payload.environmentId, payload.documentId);
        const drafts = draftFlaws({ document, kind: payload.flawKind, count: payload.count }).slice(already);
        for (const draft of drafts) await keep(draft);
        return {
          drafted: position,
          note:
            drafts.length < wanted ? "the document has no more passages that can take this flaw" : undefined,
        };
      }
      case "grounded": {
        const document = await loadDocument(ctx.workspace.id, payload.environmentId, payload.documentId);
        const provider = await getProviderConfig({ ctx, id: payload.providerId });
        const summary = await draftGrounded({
          provider,
          document,
          count: wanted,
          maxCostUsd: payload.maxCostUsd,
          signal,
          onDraft: keep,
        });
        return { ...summary, drafted: position };
      }
      case "variant": {
        const source = await loadSourceTask(ctx.workspace.id, payload.environmentId, payload.taskId);
        const provider = payload.providerId ? await getProviderConfig({ ctx, id: payload.providerId }) : null;
        const drafts = await draftVariants({ source, goal: payload.goal, count: wanted, provider, signal });
        for (const draft of drafts) await keep(draft);
        return { drafted: position };
      }
    }
  },
});

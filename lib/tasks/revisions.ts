import "server-only";
import type { Tx } from "@/db/client";
import { taskRevisions } from "@/db/schema";
import type { Actor } from "@/lib/auth/context";
import type { SharedRubricRef } from "./grader-items";
import { splitContent } from "./hidden-material";
import type { TaskContent } from "./schemas";
import type { RevisionSnapshot } from "./snapshot";

/** The name a history entry shows for who made it. */
export function describeActor(actor: Actor): string {
  if (actor.kind === "user") return actor.name || actor.email;
  if (actor.kind === "api-key") return `API key "${actor.name}"`;
  return "command line";
}

/** Appends a revision: the visible snapshot and the hidden material, apart. */
export async function insertRevision(
  tx: Tx,
  {
    taskId,
    revision,
    key,
    content,
    sharedRubric,
    actor,
    message = "",
    restoredFrom = null,
  }: {
    taskId: string;
    revision: number;
    key: string;
    content: TaskContent;
    sharedRubric: SharedRubricRef | null;
    actor: Actor;
    message?: string;
    restoredFrom?: number | null;
  },
): Promise<void> {
  const { visible, hidden } = splitContent(content);
  const snapshot: RevisionSnapshot = {
    key,
    content: visible,
    sharedRubric: sharedRubric
      ? {
          id: sharedRubric.id,
          title: sharedRubric.title,
          judgeTemplate: sharedRubric.judgeTemplate,
          criteria: sharedRubric.criteria,
        }
      : null,
  };
  await tx.insert(taskRevisions).values({
    taskId,
    revision,
    snapshot: JSON.parse(JSON.stringify(snapshot)),
    hidden: JSON.parse(JSON.stringify(hidden)),
    authorKind: actor.kind,
    authorUserId: actor.kind === "user" ? actor.userId : null,
    authorName: describeActor(actor),
    message,
    restoredFrom,
  });
}

import type { Environment, Task } from "@/db/schema";
import type { SharedRubricRef } from "./grader-items";
import type { VisibleContent } from "./hidden-material";

// The task as the editor and the API read it. `content` carries hidden material only when
// `canReadAnswerKeys`; otherwise those fields are empty and check configurations are null.

export type BestKnownScore = { score: number; achievedBy: string; at: string | null } | null;

export type TaskDetail = {
  id: string;
  key: string;
  environment: {
    id: string;
    slug: string;
    name: string;
    reviewersSeeAnswerKeys: boolean;
    isArchived: boolean;
  };
  revision: number;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
  bestKnownScore: BestKnownScore;
  canReadAnswerKeys: boolean;
  canWrite: boolean;
  content: VisibleContent;
  sharedRubric: SharedRubricRef | null;
};

export function toTaskDetail({
  task,
  environment,
  content,
  sharedRubric,
  canReadAnswerKeys,
  canWrite,
}: {
  task: Task;
  environment: Environment;
  content: VisibleContent;
  sharedRubric: SharedRubricRef | null;
  canReadAnswerKeys: boolean;
  canWrite: boolean;
}): TaskDetail {
  return {
    id: task.id,
    key: task.key,
    environment: {
      id: environment.id,
      slug: environment.slug,
      name: environment.name,
      reviewersSeeAnswerKeys: environment.reviewersSeeAnswerKeys,
      isArchived: environment.archivedAt !== null,
    },
    revision: task.revision,
    archivedAt: task.archivedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    bestKnownScore:
      task.bestKnownScore === null
        ? null
        : {
            score: task.bestKnownScore,
            achievedBy: task.bestKnownScoreBy ?? "",
            at: task.bestKnownScoreAt?.toISOString() ?? null,
          },
    canReadAnswerKeys,
    canWrite,
    content,
    sharedRubric,
  };
}

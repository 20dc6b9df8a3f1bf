"use client";

import { TryJudgePanel } from "@/components/judges/try-judge-panel";
import type { VisibleContent } from "@/lib/tasks/hidden-material";

export type JudgeTrial = {
  judges: { id: string; name: string }[];
  rollouts: { id: string; label: string }[];
};

/** "Try a judge" under the rubric: grades one rollout or a pasted answer with the rubric as edited. */
export function JudgeTrialSection({
  trial,
  taskKey,
  draft,
}: {
  trial: JudgeTrial;
  taskKey: string;
  draft: VisibleContent;
}) {
  return (
    <section
      aria-label="Try a judge on a rollout"
      className="mt-6 flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h3 className="font-medium">Try a judge on a rollout</h3>
      <p className="text-sm text-fg-muted">
        Runs the judge on one rollout of this task or a pasted answer with the rubric as edited here, unsaved
        edits included, and shows each criterion's reason and verdict. Nothing is stored.
      </p>
      <TryJudgePanel
        judges={trial.judges}
        tasks={[{ key: taskKey, title: draft.title }]}
        defaultTask={taskKey}
        rollouts={trial.rollouts}
        rubric={{
          sharedRubricId: draft.sharedRubricId,
          judgeTemplate: draft.judgeTemplate,
          criteria: draft.criteria,
        }}
      />
    </section>
  );
}

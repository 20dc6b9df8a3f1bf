"use client";

import { useMemo, useState } from "react";
import { checkInput } from "@/lib/rubrics/checks/check-schemas";
import type { CoverageResult } from "@/lib/tasks/coverage";
import type { DismissalEntry } from "@/lib/tasks/dismissals";
import {
  type FieldProblem,
  listFieldProblems,
  mergeFieldErrors,
  validateChecksAsTyped,
} from "@/lib/tasks/field-problems";
import { listEffectiveCriteria, pickJudgeTemplate, type SharedRubricRef } from "@/lib/tasks/grader-items";
import type { SentenceMarkEntry } from "@/lib/tasks/sentence-mark-queries";
import type { TaskDetail } from "@/lib/tasks/task-detail";
import { AnswerKeyTab } from "./answer-key-tab";
import { ConflictNotice } from "./conflict-notice";
import { CoveragePanel } from "./coverage-panel";
import { DetailsTab } from "./details-tab";
import { EditorTabs } from "./editor-tabs";
import { HistoryTab } from "./history-tab";
import { type JudgeTrial, JudgeTrialSection } from "./judge-trial-section";
import { PreviewTab } from "./preview-tab";
import { PromptTab } from "./prompt-tab";
import { ResourcesTab } from "./resources-tab";
import { RubricTab } from "./rubric-tab";
import { SaveBar } from "./save-bar";
import { revealFieldInTab, type TaskTabId, taskEditorTabs, taskPanelProps } from "./task-panels";
import { TryGraderTab } from "./try-grader-tab";
import { useCoverage } from "./use-coverage";
import { useCoverageMarking } from "./use-coverage-marking";
import { usePromptEditor } from "./use-prompt-editor";
import { useSaveShortcut } from "./use-save-shortcut";
import { useTaskDraft } from "./use-task-draft";

/** The task editor: tabs for every part of the task, the coverage check always beside them. */
export function TaskEditor({
  task,
  sharedRubrics,
  history,
  savedChecks,
  sentenceMarks,
  providers,
  judgeTrial,
}: {
  task: TaskDetail;
  sharedRubrics: SharedRubricRef[];
  history: DismissalEntry[];
  savedChecks: CoverageResult;
  sentenceMarks: SentenceMarkEntry[];
  providers: { id: string; name: string; model: string }[];
  /**
   * "Try a judge" on a rollout of this task, shown under the rubric (authors who edit judges): the
   * environment's judges and the task's rollouts to choose from. It grades the rubric as edited.
   */
  judgeTrial?: JudgeTrial;
}) {
  const isReadOnly = !task.canWrite || task.archivedAt !== null || task.environment.isArchived;
  const canWrite = !isReadOnly;
  const state = useTaskDraft({ taskId: task.id, initial: task.content, revision: task.revision });
  const { draft, update } = state;
  const [tab, setTab] = useState<TaskTabId>("prompt");
  const prompt = usePromptEditor();
  const coverage = useCoverage({
    taskId: task.id,
    draft,
    sharedRubrics,
    initialHistory: history,
    savedResult: savedChecks,
    isLive: task.canReadAnswerKeys,
    initialMarks: sentenceMarks,
  });
  const marking = useCoverageMarking({
    draft,
    update,
    prompt,
    coverage,
    isPromptShown: tab === "prompt",
    showPrompt: () => setTab("prompt"),
  });
  useSaveShortcut(canWrite, state.save);
  const shared = sharedRubrics.find((r) => r.id === draft.sharedRubricId) ?? null;
  // Checks are validated as typed; the last save's other field errors stay until the next save.
  const liveErrors = useMemo(
    () => (canWrite ? validateChecksAsTyped(draft.checks, (c) => checkInput.safeParse(c)) : {}),
    [canWrite, draft.checks],
  );
  const fieldErrors = mergeFieldErrors(state.error?.fieldErrors ?? {}, liveErrors);
  const problems = listFieldProblems(fieldErrors, draft);
  // The server's message names the first problem by its API path; the bar lists every problem in words.
  const humanSaveMessage = state.error
    ? Object.keys(state.error.fieldErrors).length
      ? "Not saved."
      : state.error.message
    : null;
  const handleShowProblem = (problem: FieldProblem) => {
    setTab(problem.tab);
    revealFieldInTab(problem.elementId);
  };
  const open = coverage.result.findings.filter((f) => !f.dismissed).length;

  const panel = (id: TaskTabId) => taskPanelProps(id, tab);

  return (
    <div className="flex flex-col gap-4">
      <SaveBar
        revision={state.revision}
        isSaving={state.isSaving}
        isDirty={state.isDirty}
        savedAt={state.savedAt}
        readOnlyLabel={isReadOnly ? (task.canWrite ? "archived: read only" : "read only") : null}
        canWrite={canWrite}
        saveError={state.error ? humanSaveMessage : null}
        problems={problems}
        onSave={state.save}
        onShowProblem={handleShowProblem}
      />
      {marking.notice ? (
        <p role="alert" className="text-sm text-warning">
          {marking.notice}
        </p>
      ) : null}
      {state.conflict ? (
        <ConflictNotice
          conflict={state.conflict}
          mine={draft}
          isSaving={state.isSaving}
          onOverwrite={state.overwrite}
          onTakeTheirs={state.takeTheirs}
          onDismiss={state.dismissConflict}
        />
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div key={state.generation} className="flex min-w-0 flex-col gap-4">
          <EditorTabs tabs={taskEditorTabs(draft)} active={tab} idPrefix="task" onSelect={setTab} />
          <div {...panel("prompt")}>
            <PromptTab
              draft={draft}
              isReadOnly={isReadOnly}
              fieldErrors={fieldErrors}
              onChange={update}
              onEditorMount={prompt.onMount}
            />
          </div>
          {tab === "details" ? (
            <div {...panel("details")}>
              <DetailsTab
                taskId={task.id}
                draft={draft}
                isReadOnly={isReadOnly}
                fieldErrors={fieldErrors}
                bestKnownScore={task.bestKnownScore}
                onChange={update}
              />
            </div>
          ) : null}
          {tab === "resources" ? (
            <div {...panel("resources")}>
              <ResourcesTab taskId={task.id} draft={draft} isReadOnly={isReadOnly} onChange={update} />
            </div>
          ) : null}
          {tab === "answer-key" ? (
            <div {...panel("answer-key")}>
              <AnswerKeyTab
                draft={draft}
                canRead={task.canReadAnswerKeys}
                isReadOnly={isReadOnly}
                onChange={update}
              />
            </div>
          ) : null}
          {tab === "rubric" ? (
            <div {...panel("rubric")}>
              <RubricTab
                draft={draft}
                requirements={coverage.result.requirements}
                coverage={coverage.result.coverage}
                sharedRubrics={sharedRubrics}
                canReadHidden={task.canReadAnswerKeys}
                isReadOnly={isReadOnly}
                fieldErrors={fieldErrors}
                onChange={update}
              />
              {judgeTrial ? <JudgeTrialSection trial={judgeTrial} taskKey={task.key} draft={draft} /> : null}
            </div>
          ) : null}
          {tab === "try" ? (
            <div {...panel("try")}>
              <TryGraderTab
                draft={draft}
                criteria={listEffectiveCriteria(draft, shared)}
                judgeTemplate={pickJudgeTemplate(draft, shared)}
                canReadHidden={task.canReadAnswerKeys}
              />
            </div>
          ) : null}
          {tab === "preview" ? (
            <div {...panel("preview")}>
              <PreviewTab taskId={task.id} draft={draft} />
            </div>
          ) : null}
          {tab === "history" ? (
            <div {...panel("history")}>
              <HistoryTab
                taskId={task.id}
                revision={state.revision}
                isDirty={state.isDirty}
                canWrite={canWrite}
              />
            </div>
          ) : null}
        </div>
        <aside
          className="xl:sticky xl:top-32 xl:max-h-[calc(100vh-9rem)] xl:overflow-y-auto"
          aria-label={`Coverage: ${open} open findings`}
        >
          <CoveragePanel
            result={coverage.result}
            isLive={task.canReadAnswerKeys}
            canWrite={canWrite}
            history={coverage.history}
            unmarkedCount={draft.overrides.unmarked.length}
            onRestoreUnmarked={marking.restoreUnmarked}
            onRevealRequirement={(r) => marking.showInPrompt(r.start, r.end)}
            onRevealFinding={marking.revealFinding}
            onUnmark={marking.unmark}
            onMarkSelection={marking.markSelection}
            onDismiss={coverage.dismiss}
            marks={coverage.marks}
            providers={providers}
            onMarkBackground={marking.markBackground}
            onMarkSelectionForWorkspace={() => void marking.markSelectionForWorkspace()}
            onRemoveMark={marking.removeMark}
            onAskModel={coverage.askModel}
            markError={marking.markError}
          />
        </aside>
      </div>
    </div>
  );
}

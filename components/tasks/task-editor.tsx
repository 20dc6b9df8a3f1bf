"use client";

import { useEffect, useMemo, useState } from "react";
import { TryJudgePanel } from "@/components/judges/try-judge-panel";
import { checkInput } from "@/lib/rubrics/checks/check-schemas";
import type { CoverageResult, Finding, Requirement } from "@/lib/tasks/coverage";
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
import { EditorTabs, type TabItem } from "./editor-tabs";
import { HistoryTab } from "./history-tab";
import { PreviewTab } from "./preview-tab";
import { PromptTab } from "./prompt-tab";
import { ResourcesTab } from "./resources-tab";
import { RubricTab } from "./rubric-tab";
import { SaveBar } from "./save-bar";
import { TryGraderTab } from "./try-grader-tab";
import { useCoverage } from "./use-coverage";
import { usePromptEditor } from "./use-prompt-editor";
import { useTaskDraft } from "./use-task-draft";

type TabId = "prompt" | "details" | "resources" | "answer-key" | "rubric" | "try" | "preview" | "history";

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
  judgeTrial?: { judges: { id: string; name: string }[]; rollouts: { id: string; label: string }[] };
}) {
  const isReadOnly = !task.canWrite || task.archivedAt !== null || task.environment.isArchived;
  const canWrite = !isReadOnly;
  const state = useTaskDraft({ taskId: task.id, initial: task.content, revision: task.revision });
  const { draft, update } = state;
  const [tab, setTab] = useState<TabId>("prompt");
  const [notice, setNotice] = useState<string | null>(null);
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
  const [markError, setMarkError] = useState<string | null>(null);
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
    const id = problem.elementId;
    if (!id) return;
    requestAnimationFrame(() => {
      const element = document.getElementById(id);
      const details = element?.closest("details");
      if (details && !details.open) details.open = true;
      element?.scrollIntoView({ block: "center" });
      element?.focus();
    });
  };
  const open = coverage.result.findings.filter((f) => !f.dismissed).length;

  useEffect(() => {
    if (!canWrite) return;
    const handleKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        state.save();
      }
    };
    window.addEventListener("keydown", handleKey);
    return () => window.removeEventListener("keydown", handleKey);
  }, [canWrite, state.save]);

  const showInPrompt = (start: number, end: number) => {
    setTab("prompt");
    requestAnimationFrame(() => prompt.reveal(start, end));
  };
  const handleRevealFinding = (finding: Finding) => {
    if (finding.requirement) showInPrompt(finding.requirement.start, finding.requirement.end);
    else if (finding.location?.label === "prompt") showInPrompt(finding.location.start, finding.location.end);
  };
  const handleUnmark = (requirement: Requirement) => {
    const { marked, unmarked } = draft.overrides;
    update({
      overrides:
        requirement.source === "manual"
          ? {
              marked: marked.filter((m) => m.end <= requirement.start || m.start >= requirement.end),
              unmarked,
            }
          : { marked, unmarked: [...unmarked, requirement.id] },
    });
  };
  const handleMarkSelection = () => {
    const selection = tab === "prompt" ? prompt.readSelection() : null;
    if (!selection) return setNotice("Select the words in the prompt first, then mark them.");
    setNotice(null);
    update({ overrides: { ...draft.overrides, marked: [...draft.overrides.marked, selection] } });
  };

  const handleMarkSelectionForWorkspace = async () => {
    const selection = tab === "prompt" ? prompt.readSelection() : null;
    if (!selection) return setNotice("Select the sentence in the prompt first, then mark it.");
    setNotice(null);
    setMarkError(await coverage.mark(draft.prompt.slice(selection.start, selection.end), "requirement"));
  };

  const tabs: TabItem<TabId>[] = [
    { id: "prompt", label: "Prompt" },
    { id: "details", label: "Details" },
    { id: "resources", label: "Resources", badge: String(draft.resources.length) },
    { id: "answer-key", label: "Answer key" },
    { id: "rubric", label: "Rubric & checks", badge: String(draft.criteria.length + draft.checks.length) },
    { id: "try", label: "Try the grader" },
    { id: "preview", label: "Agent preview" },
    { id: "history", label: "History" },
  ];
  const panel = (id: TabId) => ({
    id: `task-panel-${id}`,
    role: "tabpanel",
    "aria-labelledby": `task-tab-${id}`,
    hidden: tab !== id,
  });

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
      {notice ? (
        <p role="alert" className="text-sm text-warning">
          {notice}
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
          <EditorTabs tabs={tabs} active={tab} idPrefix="task" onSelect={setTab} />
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
              {judgeTrial ? (
                <section
                  aria-label="Try a judge on a rollout"
                  className="mt-6 flex flex-col gap-3 rounded-lg border border-border p-4"
                >
                  <h3 className="font-medium">Try a judge on a rollout</h3>
                  <p className="text-sm text-fg-muted">
                    Runs the judge on one rollout of this task or a pasted answer with the rubric as edited
                    here, unsaved edits included, and shows each criterion's reason and verdict. Nothing is
                    stored.
                  </p>
                  <TryJudgePanel
                    judges={judgeTrial.judges}
                    tasks={[{ key: task.key, title: draft.title }]}
                    defaultTask={task.key}
                    rollouts={judgeTrial.rollouts}
                    rubric={{
                      sharedRubricId: draft.sharedRubricId,
                      judgeTemplate: draft.judgeTemplate,
                      criteria: draft.criteria,
                    }}
                  />
                </section>
              ) : null}
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
            onRestoreUnmarked={() => update({ overrides: { ...draft.overrides, unmarked: [] } })}
            onRevealRequirement={(r) => showInPrompt(r.start, r.end)}
            onRevealFinding={handleRevealFinding}
            onUnmark={handleUnmark}
            onMarkSelection={handleMarkSelection}
            onDismiss={coverage.dismiss}
            marks={coverage.marks}
            providers={providers}
            onMarkBackground={async (r) => setMarkError(await coverage.mark(r.text, "background"))}
            onMarkSelectionForWorkspace={() => void handleMarkSelectionForWorkspace()}
            onRemoveMark={async (m) => setMarkError(await coverage.removeMark(m))}
            onAskModel={coverage.askModel}
            markError={markError}
          />
        </aside>
      </div>
    </div>
  );
}

"use client";

import { useEffect, useState } from "react";
import { TryJudgePanel } from "@/components/judges/try-judge-panel";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { CoverageResult, Finding, Requirement } from "@/lib/tasks/coverage";
import type { DismissalEntry } from "@/lib/tasks/dismissals";
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
  const fieldErrors = state.error?.fieldErrors ?? {};
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
      <div className="sticky top-14 z-20 flex flex-wrap items-center gap-3 border-b border-border bg-canvas/95 py-3 backdrop-blur">
        <Badge>revision {state.revision}</Badge>
        <span role="status" className="text-sm text-fg-muted">
          {state.isSaving
            ? "Saving…"
            : state.isDirty
              ? "Unsaved changes"
              : state.savedAt
                ? "All changes saved"
                : "Saved"}
        </span>
        {isReadOnly ? (
          <Badge tone="warning">{task.canWrite ? "archived: read only" : "read only"}</Badge>
        ) : null}
        {canWrite ? (
          <Button
            className="ml-auto"
            onClick={state.save}
            disabled={state.isSaving || !state.isDirty}
            title="Ctrl+S / ⌘S"
          >
            {state.isSaving ? "Saving…" : "Save"}
          </Button>
        ) : null}
      </div>
      {state.error ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/5 p-3 text-sm text-danger">
          Not saved: {state.error.message} Your edits are still here.
        </p>
      ) : null}
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

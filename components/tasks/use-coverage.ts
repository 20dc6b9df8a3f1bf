"use client";

import { useDeferredValue, useMemo, useState } from "react";
import {
  dismissFinding,
  markSentence,
  removeSentenceMark,
  reviewCoverageWithModel,
} from "@/lib/tasks/actions";
import { type CoverageResult, checkCoverage, type Finding } from "@/lib/tasks/coverage";
import { type DismissalEntry, listActiveDismissals } from "@/lib/tasks/dismissals";
import { buildCoverageInput, type SharedRubricRef } from "@/lib/tasks/grader-items";
import type { VisibleContent } from "@/lib/tasks/hidden-material";
import type { SentenceMarkEntry } from "@/lib/tasks/sentence-mark-queries";

/**
 * The coverage check beside the editor. Roles that read the answer key get it live from the draft
 * (leaks included); others get the saved result the server computed with the key.
 */
export function useCoverage({
  taskId,
  draft,
  sharedRubrics,
  initialHistory,
  savedResult,
  isLive,
  initialMarks,
}: {
  taskId: string;
  draft: VisibleContent;
  sharedRubrics: SharedRubricRef[];
  initialHistory: DismissalEntry[];
  savedResult: CoverageResult;
  isLive: boolean;
  initialMarks: SentenceMarkEntry[];
}) {
  const [history, setHistory] = useState(initialHistory);
  const [marks, setMarks] = useState(initialMarks);
  const [reviews, setReviews] = useState<Record<string, NonNullable<Finding["model"]>>>({});
  const deferred = useDeferredValue(draft);
  const shared = sharedRubrics.find((r) => r.id === deferred.sharedRubricId) ?? null;
  const dismissed = useMemo(() => listActiveDismissals(history), [history]);
  const live = useMemo(
    () =>
      isLive ? checkCoverage(buildCoverageInput({ content: deferred, shared, dismissed, marks })) : null,
    [isLive, deferred, shared, dismissed, marks],
  );
  const checked = live ?? applyDismissals(savedResult, dismissed);
  // The model's view stays beside the deterministic finding it was asked about.
  const result = {
    ...checked,
    findings: checked.findings.map((f) => (reviews[f.id] ? { ...f, model: reviews[f.id] } : f)),
  };

  async function mark(text: string, verdict: SentenceMarkEntry["verdict"]): Promise<string | null> {
    const response = await markSentence({ text, verdict });
    if (!response.ok) return response.error.message;
    setMarks((current) => [...current.filter((m) => m.id !== response.data.id), response.data]);
    return null;
  }

  async function removeMark(entry: SentenceMarkEntry): Promise<string | null> {
    const response = await removeSentenceMark({ id: entry.id });
    if (!response.ok) return response.error.message;
    setMarks((current) => current.filter((m) => m.id !== entry.id));
    return null;
  }

  async function askModel(providerId: string): Promise<string> {
    const response = await reviewCoverageWithModel({ taskId, providerId });
    if (!response.ok) return response.error.message;
    setReviews(response.data.reviews);
    const { asked, cached, failed, costUsd } = response.data.tally;
    return `Asked ${asked} question${asked === 1 ? "" : "s"} (${cached} answered from the cache${failed ? `, ${failed} failed` : ""}), $${costUsd.toFixed(4)}.`;
  }

  async function dismiss(
    finding: Finding,
    action: "dismiss" | "restore",
    reason: string,
  ): Promise<string | null> {
    const response = await dismissFinding({
      taskId,
      findingId: finding.id,
      kind: finding.kind,
      action,
      reason,
    });
    if (!response.ok) return response.error.message;
    setHistory((current) => [...current, { ...response.data, kind: finding.kind }]);
    return null;
  }

  return { result, history, dismiss, marks, mark, removeMark, askModel };
}

function applyDismissals(
  result: CoverageResult,
  dismissed: { findingId: string; reason: string }[],
): CoverageResult {
  const reasons = new Map(dismissed.map((d) => [d.findingId, d.reason]));
  return {
    ...result,
    findings: result.findings.map(({ dismissed: _, ...f }) => {
      const reason = reasons.get(f.id);
      return reason === undefined ? f : { ...f, dismissed: { reason } };
    }),
  };
}

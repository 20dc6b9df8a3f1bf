"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { dismissFinding } from "@/lib/tasks/actions";
import { type CoverageResult, checkCoverage, type Finding } from "@/lib/tasks/coverage";
import { type DismissalEntry, listActiveDismissals } from "@/lib/tasks/dismissals";
import { buildCoverageInput, type SharedRubricRef } from "@/lib/tasks/grader-items";
import type { VisibleContent } from "@/lib/tasks/hidden-material";

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
}: {
  taskId: string;
  draft: VisibleContent;
  sharedRubrics: SharedRubricRef[];
  initialHistory: DismissalEntry[];
  savedResult: CoverageResult;
  isLive: boolean;
}) {
  const [history, setHistory] = useState(initialHistory);
  const deferred = useDeferredValue(draft);
  const shared = sharedRubrics.find((r) => r.id === deferred.sharedRubricId) ?? null;
  const dismissed = useMemo(() => listActiveDismissals(history), [history]);
  const live = useMemo(
    () => (isLive ? checkCoverage(buildCoverageInput({ content: deferred, shared, dismissed })) : null),
    [isLive, deferred, shared, dismissed],
  );
  const result = live ?? applyDismissals(savedResult, dismissed);

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

  return { result, history, dismiss };
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

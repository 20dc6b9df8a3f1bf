"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { CoverageResult, Requirement } from "@/lib/tasks/coverage";

/** The prompt's requirements and what covers each; writers unmark auto ones and remove their marks. */
export function RequirementList({
  result,
  canWrite,
  onReveal,
  onUnmark,
  onMarkBackground,
}: {
  result: CoverageResult;
  canWrite: boolean;
  onReveal: (requirement: Requirement) => void;
  onUnmark: (requirement: Requirement) => void;
  /** Marks the sentence as background for every task of the workspace. */
  onMarkBackground: (requirement: Requirement) => void;
}) {
  if (result.requirements.length === 0) {
    return (
      <p className="text-sm text-fg-muted">
        No requirements found in the prompt yet. Sentences that ask something of the agent appear here.
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-2" aria-label="Requirements">
      {result.requirements.map((requirement) => {
        const links = result.coverage.find((c) => c.requirementId === requirement.id)?.links ?? [];
        return (
          <li key={requirement.id} className="rounded-md border border-border p-2 text-sm">
            <button type="button" className="text-left hover:underline" onClick={() => onReveal(requirement)}>
              {requirement.text}
            </button>
            <p className="text-[11px] text-fg-muted">Read as {requirement.why}.</p>
            <div className="mt-1 flex flex-wrap items-center gap-1">
              {links.length === 0 ? <Badge tone="danger">unchecked</Badge> : null}
              {links.map((link) => (
                <Badge
                  key={`${link.by}-${link.key}`}
                  tone="success"
                  title={`${link.by} ${link.key}, linked by ${link.how}`}
                >
                  {link.by === "check" ? "check " : ""}
                  {link.key}
                  {link.how === "inferred" ? " (inferred)" : ""}
                </Badge>
              ))}
              {requirement.isProcess ? <Badge tone="warning">process</Badge> : null}
              {requirement.source === "manual" ? <Badge>marked by hand</Badge> : null}
              {canWrite ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="ml-auto h-6 px-2 text-xs"
                  onClick={() => onUnmark(requirement)}
                >
                  {requirement.source === "manual" ? "Remove mark" : "Not a requirement"}
                </Button>
              ) : null}
              {canWrite && requirement.source === "auto" ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="h-6 px-2 text-xs"
                  title="Treat this sentence as background in every task of the workspace"
                  onClick={() => onMarkBackground(requirement)}
                >
                  Background for all tasks
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

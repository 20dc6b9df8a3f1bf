import type { FlagEvidence } from "@/db/schema/scanners";
import type { FlagVerdict } from "@/lib/values/scanner-values";

// A flag as the viewer's client components get it (dates as strings), and the highlight it draws.

export type FlagView = {
  id: string;
  scanner: string;
  signature: string;
  title: string;
  description: string;
  severity: "high" | "medium" | "low";
  messageIndex: number;
  evidence: FlagEvidence;
  detail: string;
  reviews: { verdict: FlagVerdict; reviewerName: string; comment: string; createdAt: string }[];
};

export const SEVERITY_TONE = { high: "danger", medium: "warning", low: "neutral" } as const;

/** The viewer highlight of a flag's evidence: a text range, or the excerpt inside a tool call. */
export function toFlagHighlight(flag: FlagView, isActive: boolean) {
  const label = `${flag.title} (${flag.severity})`;
  const tone =
    flag.severity === "high"
      ? ("danger" as const)
      : flag.severity === "medium"
        ? ("warning" as const)
        : ("neutral" as const);
  if (flag.evidence.kind === "text")
    return {
      id: `flag-${flag.id}`,
      messageIndex: flag.messageIndex,
      kind: "text" as const,
      start: flag.evidence.start,
      end: flag.evidence.end,
      label,
      tone,
      isActive,
    };
  return {
    id: `flag-${flag.id}`,
    messageIndex: flag.messageIndex,
    kind: "tool-call" as const,
    toolCallId: flag.evidence.toolCallId ?? null,
    excerpt: flag.evidence.excerpt,
    label,
    tone,
    isActive,
  };
}

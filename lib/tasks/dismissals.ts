import type { Finding } from "./coverage";

// Dismissals of coverage findings: an append-only history whose latest row per finding decides.

export type DismissalEntry = {
  id: string;
  findingId: string;
  kind: string;
  action: "dismiss" | "restore";
  reason: string;
  actorName: string;
  createdAt: string;
};

/** The latest reason per finding that is dismissed now (a later "restore" row undoes it). */
export function listActiveDismissals(history: DismissalEntry[]): { findingId: string; reason: string }[] {
  const latest = new Map<string, DismissalEntry>();
  for (const entry of history) latest.set(entry.findingId, entry);
  return [...latest.values()]
    .filter((e) => e.action === "dismiss")
    .map((e) => ({ findingId: e.findingId, reason: e.reason }));
}

/** Leak findings point at the answer key; a role that may not read it learns only that one exists. */
export function redactLeakFindings(findings: Finding[]): Finding[] {
  return findings.map((f) =>
    f.kind === "answer-key-leak"
      ? {
          id: f.id,
          kind: f.kind,
          severity: f.severity,
          message: `Answer-key text appears in something the agent sees${f.location ? ` (${f.location.label === "prompt" ? "the prompt" : `"${f.location.label}"`})` : ""}. An owner or author can see where.`,
          ...(f.dismissed ? { dismissed: f.dismissed } : {}),
        }
      : f,
  );
}

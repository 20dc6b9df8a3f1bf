import type { FlagEvidence } from "@/db/schema/scanners";
import type { Hit, Severity } from "./types";

// A rescan's effect on a rollout's stored deterministic flags (pure): a hit of the same signature on
// the same message keeps its flag (and so its reviewers' verdicts), updated where the evidence,
// severity, detail or version changed; new hits become flags; flags no hit raises any more go, unless
// a reviewer has ruled on them (their verdict stays on record, with the version that raised them).
// Applying the result twice changes nothing the second time.

export type StoredFlag = {
  id: string;
  signature: string;
  messageIndex: number;
  severity: Severity;
  evidence: FlagEvidence;
  detail: string;
  version: string;
  isReviewed: boolean;
};

export type TaggedHit = Hit & { version: string };

export type FlagChanges = {
  insert: TaggedHit[];
  update: { id: string; hit: TaggedHit }[];
  remove: string[];
};

const keyOf = (f: { signature: string; messageIndex: number }) => `${f.signature}#${f.messageIndex}`;

function isSame(flag: StoredFlag, hit: TaggedHit): boolean {
  return (
    flag.severity === hit.severity &&
    flag.detail === hit.detail &&
    flag.version === hit.version &&
    JSON.stringify(flag.evidence) === JSON.stringify(hit.evidence)
  );
}

export function reconcileFlags(stored: readonly StoredFlag[], hits: readonly TaggedHit[]): FlagChanges {
  const byKey = new Map(stored.map((f) => [keyOf(f), f]));
  const changes: FlagChanges = { insert: [], update: [], remove: [] };
  const kept = new Set<string>();
  for (const hit of hits) {
    const flag = byKey.get(keyOf(hit));
    if (!flag) changes.insert.push(hit);
    else {
      kept.add(flag.id);
      if (!isSame(flag, hit)) changes.update.push({ id: flag.id, hit });
    }
  }
  for (const flag of stored) if (!kept.has(flag.id) && !flag.isReviewed) changes.remove.push(flag.id);
  return changes;
}

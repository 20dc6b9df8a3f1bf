import { describe, expect, it } from "vitest";
import { reconcileFlags, type StoredFlag, type TaggedHit } from "./reconcile";

const evidence = { kind: "text" as const, start: 0, end: 3, excerpt: "rm " };
const flag = (
  id: string,
  signature: string,
  messageIndex: number,
  version = `${signature}@1`,
): StoredFlag => ({
  id,
  signature,
  messageIndex,
  severity: "high",
  evidence,
  detail: "d",
  version,
  isReviewed: false,
});
const hit = (signature: string, messageIndex: number, version = `${signature}@1`): TaggedHit => ({
  signature,
  messageIndex,
  severity: "high",
  evidence,
  detail: "d",
  version,
});

describe("reconciling a rescan with stored flags", () => {
  it("keeps unchanged flags, updates changed ones in place, adds new hits and removes what no longer fires", () => {
    const stored = [
      flag("a", "test-file-deleted", 3),
      flag("b", "answer-key-read", 1),
      flag("c", "early-exit-success", 5),
    ];
    const hits = [
      hit("test-file-deleted", 3),
      hit("answer-key-read", 1, "answer-key-read@2"),
      hit("timer-tampered", 7),
    ];
    const changes = reconcileFlags(stored, hits);
    expect(changes.insert.map((h) => h.signature)).toEqual(["timer-tampered"]);
    expect(changes.update).toEqual([{ id: "b", hit: hits[1] }]);
    expect(changes.remove).toEqual(["c"]);
  });

  it("keeps a flag a reviewer ruled on even when it no longer fires", () => {
    const reviewed = { ...flag("r", "answer-key-read", 2), isReviewed: true };
    expect(reconcileFlags([reviewed, flag("u", "answer-key-read", 4)], [])).toEqual({
      insert: [],
      update: [],
      remove: ["u"],
    });
  });

  it("changes nothing when applied to its own result (idempotent)", () => {
    const hits = [hit("test-file-deleted", 3, "test-file-deleted@2")];
    const after = [{ ...flag("a", "test-file-deleted", 3), version: "test-file-deleted@2" }];
    expect(reconcileFlags(after, hits)).toEqual({ insert: [], update: [], remove: [] });
  });
});

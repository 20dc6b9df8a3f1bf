import { describe, expect, it } from "vitest";
import { FIXTURE_SNAPSHOT } from "@/lib/exports/__fixtures__/fixture-snapshot";
import { HIDDEN, summarizeSnapshotDiff, toDiffableSnapshot, toPrettyJson } from "./diff";

describe("version diffs", () => {
  it("summarizes changed, added and removed tasks field by field", () => {
    const next = structuredClone(FIXTURE_SNAPSHOT);
    next.version = 3;
    next.tasks[0].prompt += "\nAlso give the step.";
    next.tasks[0].answerKey = "changed";
    next.tasks.splice(1, 1);
    next.tasks.push({ ...next.tasks[1], key: "zz-new" });
    next.samples = [];
    const a = toDiffableSnapshot(FIXTURE_SNAPSHOT, { includeHidden: true });
    const b = toDiffableSnapshot(next, { includeHidden: true });
    expect(summarizeSnapshotDiff(a, b)).toEqual({
      environment: [],
      tasks: [
        { key: "loss-report", change: "changed", fields: ["prompt", "answer key"] },
        { key: "probe-critique", change: "removed", fields: [] },
        { key: "zz-new", change: "added", fields: [] },
      ],
      samples: { before: 1, after: 0, changed: true },
    });
  });

  it("reduces blobs to a line and hides answer material from roles that may not read it", () => {
    const text = toPrettyJson(toDiffableSnapshot(FIXTURE_SNAPSHOT, { includeHidden: false }));
    expect(text).not.toContain("iVBORw0KGgo");
    expect(text).toContain('"sha256": "b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640"');
    expect(text).toContain('"messages": "4 messages"');
    for (const task of FIXTURE_SNAPSHOT.tasks)
      expect(text).not.toContain(JSON.stringify(task.answerKey).slice(1, 20));
    expect(text).not.toContain("0.4172");
    expect(text.split(HIDDEN).length - 1).toBe(3 * 4 + 5);
    // A hidden change still shows up as "answer key changed" only for roles that read it.
    const next = structuredClone(FIXTURE_SNAPSHOT);
    next.tasks[0].answerKey = "another key";
    const redacted = summarizeSnapshotDiff(
      toDiffableSnapshot(FIXTURE_SNAPSHOT, { includeHidden: false }),
      toDiffableSnapshot(next, { includeHidden: false }),
    );
    expect(redacted.tasks).toEqual([]);
  });
});

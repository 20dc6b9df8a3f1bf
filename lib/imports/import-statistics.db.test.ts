import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { jobs } from "@/db/schema";
import { dropStatistics, hasStatistics } from "@/db/testing/explain-plan";
import { runJobHere } from "@/lib/jobs/run-here";
import { searchIndexJob } from "@/lib/search/search-index-job";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { importFiles } from "./start-import";

// Statistics after an import (db/analyze.ts): the import refreshes the rollouts' as it ends, and
// the search indexing that follows it refreshes the messages', so the indexer need not wait for them.

/** 100 rollouts of 12 messages: enough for both the import's and the indexing's ANALYZE. */
function writeTranscripts(): { path: string; name: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-import-statistics-"));
  const file = path.join(dir, "rollouts.jsonl");
  const lines = Array.from({ length: 100 }, (_, rollout) =>
    JSON.stringify({
      messages: Array.from({ length: 12 }, (_, step) => ({
        role: step % 2 ? "assistant" : "user",
        content: `step ${step} of rollout ${rollout}`,
      })),
    }),
  );
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return { path: file, name: "rollouts.jsonl" };
}

describe("statistics after an import", () => {
  it("the import refreshes the rollouts'; the search indexing after it, the messages'", async () => {
    const workspace = await createTestWorkspace();
    const { ctx } = await createTestMember(workspace, "author");
    await dropStatistics(db, ["rollouts", "messages"]);

    const summary = await importFiles({ ctx, files: [writeTranscripts()], options: {} });
    expect(summary).toMatchObject({ imported: 100, failed: 0 });
    expect(await hasStatistics(db, "rollouts")).toBe(true);
    expect(await hasStatistics(db, "messages")).toBe(false);

    // No worker runs in this file: the indexing the import asked for runs here.
    const [indexJob] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.workspaceId, workspace.id), eq(jobs.kind, searchIndexJob.kind)));
    expect(await runJobHere({ kind: searchIndexJob, jobId: indexJob.id })).toMatchObject({
      status: "succeeded",
    });
    expect(await hasStatistics(db, "messages")).toBe(true);
  });
});

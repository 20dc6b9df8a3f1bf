import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One transaction entry (issue 35): a verb opens its transaction with runInTransaction(ctx, …)
// (lib/transaction.ts), so a verb called inside another verb's transaction joins it. Only code
// that runs without a caller's ctx opens one on `db` itself; each such file is listed with why.

const ROOT = path.resolve(__dirname, "..");
const WITHOUT_A_CTX: Record<string, string> = {
  "lib/transaction.ts": "the entry itself",
  "db/interactive.ts": "the interactive-query wrapper, below every verb",
  "lib/jobs/provider-limit.ts": "the job runner's provider slots, taken for any workspace",
  "lib/jobs/retry-job.ts": "job bookkeeping, shared by every kind",
  "lib/jobs/enqueue-job.ts": "job bookkeeping, joins the caller's executor when given one",
  "lib/jobs/run-job.ts": "job bookkeeping, shared by every kind",
  "lib/jobs/enqueue-jobs.ts": "job bookkeeping, shared by every kind",
  "lib/jobs/cancel-job.ts": "job bookkeeping, shared by every kind",
  "lib/judges/load-transcripts.ts": "a read-only snapshot by workspace id, for judge batches",
  "lib/scanners/scan-rollouts.ts": "background batches across workspaces",
  "lib/search/index-rollouts.ts": "background batches across workspaces",
  "lib/imports/run-import.ts": "the import job's batches, one transaction each by design",
  "lib/demo/seed-rollouts.ts": "the demo seed, before any account exists",
  "lib/demo/seed-demo.ts": "the demo seed, before any account exists",
  "lib/accounts/create-workspace.ts": "also runs with no ctx: the first workspace of a new install",
  "lib/accounts/invites.ts": "accepting an invite: the person has no account or session yet",
};

function listSources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : listSources(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("transactions start from the ctx", () => {
  const opening = ["app", "components", "db", "lib"]
    .flatMap(listSources)
    .filter((file) => /\bdb\.transaction\(/.test(fs.readFileSync(path.join(ROOT, file), "utf8")));

  it("opens one on db only where no ctx exists", () => {
    expect(opening.filter((file) => !(file in WITHOUT_A_CTX))).toEqual([]);
  });

  it("lists no file that no longer needs it", () => {
    expect(Object.keys(WITHOUT_A_CTX).filter((file) => !opening.includes(file))).toEqual([]);
  });
});

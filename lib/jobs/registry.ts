import type { JobKind } from "./define-job-kind";

// Every job kind workers run, by name: its title (the Jobs page) and where its definition lives. A
// definition, with its handler and all the handler imports, loads only when a job of its kind runs,
// is retried or cancelled, or is asked what it spent, so the jobs domain imports no other domain and
// no domain's job closes a cycle through here (docs/architecture.md, The background pipeline).
// To add a kind: define it next to its domain with defineJobKind (lib/<domain>/<x>-job.ts), enqueue
// it with enqueueJob, and list it here with its title.

type Entry = { title: string; load: () => Promise<JobKind<unknown>> };

const asKind = (kind: unknown) => kind as JobKind<unknown>;

const JOB_KIND_ENTRIES: Record<string, Entry> = {
  import: { title: "Import", load: async () => asKind((await import("@/lib/imports/import-job")).importJob) },
  "search-index": {
    title: "Search indexing",
    load: async () => asKind((await import("@/lib/search/search-index-job")).searchIndexJob),
  },
  scan: {
    title: "Reward-hack scan",
    load: async () => asKind((await import("@/lib/scanners/scan-job")).scanJob),
  },
  probe: { title: "Probe", load: async () => asKind((await import("./probe-job")).probeJob) },
  judge: {
    title: "Judge rollouts",
    load: async () => asKind((await import("@/lib/judges/judge-job")).judgeJob),
  },
  "draft-tasks": {
    title: "Draft tasks",
    load: async () => asKind((await import("@/lib/drafts/draft-job")).draftTasksJob),
  },
  validate: {
    title: "Validate exports",
    load: async () => asKind((await import("@/lib/grader-validation/validation-job")).validationJob),
  },
  "llm-scan": {
    title: "LLM reward-hack scan",
    load: async () => asKind((await import("@/lib/scanners/llm/llm-scan-job")).llmScanJob),
  },
  "corpus-replay": {
    title: "Replay the reward-hack corpus",
    load: async () => asKind((await import("@/lib/corpus-replay/corpus-replay-job")).corpusReplayJob),
  },
  attack: {
    title: "Attack the graders",
    load: async () => asKind((await import("@/lib/grader-attacks/attack-job")).attackJob),
  },
  "coverage-check": {
    title: "Coverage check",
    load: async () => asKind((await import("@/lib/tasks/coverage-check-job")).coverageCheckJob),
  },
};

/** The names of every kind (each is also its pg-boss queue). */
export const JOB_KIND_NAMES: readonly string[] = Object.keys(JOB_KIND_ENTRIES);

/** What the Jobs page calls a kind; an unknown (retired) kind shows its name. */
export function getJobKindTitle(name: string): string {
  return JOB_KIND_ENTRIES[name]?.title ?? name;
}

/** A kind's definition, loaded on first use; undefined for a kind this studio no longer runs. */
export async function loadJobKind(name: string): Promise<JobKind<unknown> | undefined> {
  const entry = JOB_KIND_ENTRIES[name];
  if (!entry) return undefined;
  const kind = await entry.load();
  if (kind.kind !== name) throw new Error(`lib/jobs/registry.ts lists "${name}" but loads "${kind.kind}".`);
  return kind;
}

/** Every kind's definition: what a worker serves. */
export async function loadAllJobKinds(): Promise<JobKind<unknown>[]> {
  return Promise.all(JOB_KIND_NAMES.map(async (name) => (await loadJobKind(name)) as JobKind<unknown>));
}

import { corpusReplayJob } from "@/lib/corpus-replay/corpus-replay-job";
import { draftTasksJob } from "@/lib/drafts/draft-job";
import { attackJob } from "@/lib/grader-attacks/attack-job";
import { validationJob } from "@/lib/grader-validation/validation-job";
import { importJob } from "@/lib/imports/import-job";
import { judgeJob } from "@/lib/judges/judge-job";
import { llmScanJob } from "@/lib/scanners/llm/llm-scan-job";
import { scanJob } from "@/lib/scanners/scan-job";
import { searchIndexJob } from "@/lib/search/search-index-job";
import { coverageCheckJob } from "@/lib/tasks/coverage-check-job";
import type { JobKind } from "./define-job-kind";
import { probeJob } from "./probe-job";

// Every job kind workers run. To add one: define it next to its domain with defineJobKind
// (lib/<domain>/<x>-job.ts), enqueue it with enqueueJob, and list it here.

export const JOB_KINDS: readonly JobKind<unknown>[] = [
  importJob,
  searchIndexJob,
  scanJob,
  probeJob,
  judgeJob as JobKind<unknown>,
  draftTasksJob as JobKind<unknown>,
  validationJob as JobKind<unknown>,
  llmScanJob as JobKind<unknown>,
  corpusReplayJob as JobKind<unknown>,
  attackJob as JobKind<unknown>,
  coverageCheckJob as JobKind<unknown>,
];

export function findJobKind(name: string): JobKind<unknown> | undefined {
  return JOB_KINDS.find((kind) => kind.kind === name);
}

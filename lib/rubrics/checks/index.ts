// Programmatic checks: pure evaluators (no I/O), safe in the browser and on the server.
export type { CheckResult } from "./check-result";
export {
  CHECK_KEY_RE,
  CHECK_KIND_LABELS,
  type Check,
  type CheckInput,
  type CheckKind,
  checkInput,
  createEmptyCheck,
  isValidPattern,
} from "./check-schemas";
export { parseJsonPath } from "./json-path";
export { type CheckOutcome, MAX_CHECKED_CHARS, runCheck, scoreOutcomes } from "./run-checks";

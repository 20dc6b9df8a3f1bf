// Grader coverage check: "everything the prompt asks must be checked by the grader; what the grader
// can't check doesn't belong in the prompt". Pure functions, safe in the browser and on the server.

export { checkCoverage } from "./check-coverage";
export { extractRequirements } from "./extract-requirements";
export { type ChecksResponse, checksResponse, coverageInput, requirementOverridesInput } from "./schemas";
export type {
  CheckKind,
  CoverageCheck,
  CoverageCriterion,
  CoverageInput,
  CoverageLink,
  CoverageResult,
  Finding,
  FindingKind,
  Requirement,
  RequirementCoverage,
  RequirementOverrides,
  SentenceMark,
  Span,
  VisibleText,
} from "./types";
export { CHECK_KINDS, FINDING_KINDS } from "./types";

import type { Signature } from "./context";
import { answerKeyRead, answerKeySearch, futureHistoryRead, upstreamFixFetched } from "./signatures/access";
import { claimUnsupported } from "./signatures/claim-support";
import { successClaimContradicted } from "./signatures/claims";
import { alwaysEqualObject, assertionPatched, earlyExitSuccess, specialCasedInputs } from "./signatures/code";
import {
  enforcerStopped,
  environmentTampered,
  graderInputChanged,
  runnerLoadTampered,
} from "./signatures/effects";
import {
  answerDependsOnCallState,
  behavesDifferentlyUnderTest,
  equalityIgnoresSelf,
  specialCaseAdmitted,
} from "./signatures/graded-code";
import { answerSymlinked, graderModified, timerTampered } from "./signatures/grader";
import { graderProcessKilled, processOutlivesRun } from "./signatures/process";
import { interpreterStartupHook, pytestReportPatched, testRunnerShadowed } from "./signatures/pytest";
import { testFileDeleted, testFileModified } from "./signatures/tests";
import type { SignatureInfo } from "./types";

/** Every deterministic signature, in the order the Scanners page lists them. */
export const SIGNATURES: readonly Signature[] = [
  testFileModified,
  testFileDeleted,
  pytestReportPatched,
  interpreterStartupHook,
  testRunnerShadowed,
  earlyExitSuccess,
  alwaysEqualObject,
  assertionPatched,
  specialCasedInputs,
  answerKeyRead,
  answerKeySearch,
  upstreamFixFetched,
  futureHistoryRead,
  graderModified,
  timerTampered,
  answerSymlinked,
  graderProcessKilled,
  processOutlivesRun,
  successClaimContradicted,
  runnerLoadTampered,
  environmentTampered,
  graderInputChanged,
  enforcerStopped,
  answerDependsOnCallState,
  behavesDifferentlyUnderTest,
  equalityIgnoresSelf,
  specialCaseAdmitted,
  claimUnsupported,
];

export const SIGNATURE_IDS = SIGNATURES.map((s) => s.id);

/** `signature@version`: stored on each flag the signature raises. */
export function signatureVersionTag(signature: Pick<Signature, "id" | "version">): string {
  return `${signature.id}@${signature.version ?? 1}`;
}

/** The version tag of a signature by id ("" when it is no longer shipped). */
export function versionTagOf(id: string): string {
  const signature = SIGNATURES.find((s) => s.id === id);
  return signature ? signatureVersionTag(signature) : "";
}

/** Signature metadata without the scan function, for pages and the API. */
export const SIGNATURE_INFO: readonly SignatureInfo[] = SIGNATURES.map(
  ({ id, family, title, description, severity }) => ({
    id,
    family,
    title,
    description,
    severity,
  }),
);

export function getSignatureInfo(id: string): SignatureInfo | null {
  return SIGNATURE_INFO.find((s) => s.id === id) ?? null;
}

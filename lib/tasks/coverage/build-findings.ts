// One function per finding kind. Ids are stable for the same issue across recomputes: they hash
// the requirement id, the criterion/check key, or the leaked text and where it sits.

import type { DetailedRequirement } from "./extract-requirements";
import type { Leak } from "./find-leaks";
import { findMissingContent, type GraderItem, isCloseText } from "./match-coverage";
import { hashText, quoteForMessage } from "./text";
import type { Finding, RequirementCoverage } from "./types";

const GIVE_UP_RE =
  /\b(?:giv(?:e|es|ing)[- ]up|gave up|abstain(?:s|ed|ing)?|abstention|(?:cannot|can't|can ?not) be (?:done|completed|solved|answered)|declin(?:e|es|ed|ing) to answer|unable to (?:complete|answer|solve))\b/i;

const quote = (text: string) => `"${quoteForMessage(text)}"`;
const pickRequirement = ({ id, text, start, end }: DetailedRequirement) => ({ id, text, start, end });
const describeItem = (item: GraderItem) =>
  item.by === "criterion" ? `Criterion "${item.title}"` : `Check "${item.key}"`;

export function isGiveUpItem(item: GraderItem): boolean {
  return item.isGiveUp || GIVE_UP_RE.test(item.content);
}

export function listRequirementFindings(
  requirements: DetailedRequirement[],
  coverage: RequirementCoverage[],
): Finding[] {
  const findings: Finding[] = [];
  for (const requirement of requirements) {
    const links = coverage.find((c) => c.requirementId === requirement.id)?.links ?? [];
    if (links.length === 0) {
      findings.push({
        id: `unchecked-${requirement.id}`,
        kind: "unchecked-requirement",
        severity: "error",
        message: `Nothing in the grader checks ${quote(requirement.text)}. Add a criterion or check that verifies it and link it to this requirement, or take the sentence out of the prompt (unmark it if it asks nothing).`,
        requirement: pickRequirement(requirement),
      });
    }
    if (requirement.isProcess) {
      const claimed = links.map((l) => `"${l.key}"`).join(", ");
      findings.push({
        id: `process-${requirement.id}`,
        kind: "process-requirement",
        severity: "warning",
        message:
          `${quote(requirement.text)} asks for ${requirement.processWhat ?? "a way of working"}, which the final outcome cannot show. ${requirement.processHint ?? ""}${claimed ? ` (${claimed} claims to check it: make sure it grades visible evidence.)` : ""}`.trim(),
        requirement: pickRequirement(requirement),
      });
    }
  }
  return findings;
}

/** Criteria and checks that cover no requirement and grade something the prompt never mentions. */
export function listHiddenFindings({
  items,
  requirements,
  coverage,
  prompt,
}: {
  items: GraderItem[];
  requirements: DetailedRequirement[];
  coverage: RequirementCoverage[];
  prompt: string;
}): Finding[] {
  const findings: Finding[] = [];
  for (const item of items) {
    // Give-up items are graded by the give-up rules; when give-up isn't allowed, no-give-up says so.
    if (isGiveUpItem(item)) continue;
    const coversSome = coverage.some((c) => c.links.some((l) => l.by === item.by && l.key === item.key));
    if (coversSome) continue;
    const { appears, missing } = findMissingContent(item.content, prompt);
    if (appears) continue;
    const stale = item.refs.filter(
      (ref) => !requirements.some((r) => r.id === ref || isCloseText(ref, r.text)),
    );
    const why =
      missing.length > 0
        ? `the prompt never mentions ${missing
            .slice(0, 4)
            .map((w) => `"${w}"`)
            .join(", ")}`
        : "its description doesn't say what it checks";
    const staleNote =
      stale.length > 0
        ? ` It links to ${stale.length} requirement(s) no longer in the prompt (${stale
            .slice(0, 3)
            .map((s) => quote(s))
            .join(", ")}).`
        : "";
    findings.push({
      id: `hidden-${item.by}-${hashText(item.key)}`,
      kind: "hidden-requirement",
      severity: "error",
      message: `${describeItem(item)} grades something the prompt never asks for: it covers no requirement and ${why}.${staleNote} Ask for it in the prompt and link the requirement, or remove it from the grader.`,
      ...(item.by === "criterion" ? { criterion: item.key } : { check: item.key }),
    });
  }
  return findings;
}

export function listLeakFindings(leaks: Leak[]): Finding[] {
  return leaks.map((leak) => {
    const where = leak.label === "prompt" ? "the prompt" : `"${leak.label}"`;
    const at = `characters ${leak.start}–${leak.end}`;
    const message =
      leak.kind === "run"
        ? `${leak.words} consecutive words of the answer key appear in ${where} (${at}): ${quote(leak.display)}. Paraphrase or remove the passage there, or change the answer key.`
        : leak.kind === "statement"
          ? `${where} states the answer ${quote(leak.display)} (${at}): the agent can read it. Remove that statement.`
          : `Answer-key text ${quote(leak.display)} appears in ${where} (${at}${leak.occurrences > 1 ? `, ${leak.occurrences} places` : ""}): the agent can read the answer. Remove or reword it there, or change the answer key.`;
    return {
      id: leak.id,
      kind: "answer-key-leak" as const,
      severity: "error" as const,
      message,
      location: { label: leak.label, start: leak.start, end: leak.end },
    };
  });
}

export function listGiveUpFindings(items: GraderItem[], isGiveUpAllowed: boolean): Finding[] {
  const giveUpItems = items.filter(isGiveUpItem);
  if (isGiveUpAllowed && giveUpItems.length === 0) {
    return [
      {
        id: "no-give-up-ungraded",
        kind: "no-give-up",
        severity: "error",
        message:
          "Give-up is allowed but no criterion says how a give-up is graded. Add a give-up criterion that states when giving up earns credit (e.g. the task truly cannot be done) and when it doesn't.",
      },
    ];
  }
  if (isGiveUpAllowed) return [];
  return giveUpItems.map((item) => ({
    id: `no-give-up-not-allowed-${hashText(item.key)}`,
    kind: "no-give-up" as const,
    severity: "warning" as const,
    message: `${describeItem(item)} grades giving up, but give-up is not allowed, so the agent is never told it may give up. Allow give-up (and tell the agent how), or remove the criterion.`,
    ...(item.by === "criterion" ? { criterion: item.key } : { check: item.key }),
  }));
}

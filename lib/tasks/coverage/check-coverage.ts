import {
  listGiveUpFindings,
  listHiddenFindings,
  listLeakFindings,
  listRequirementFindings,
} from "./build-findings";
import { extractDetailedRequirements } from "./extract-requirements";
import { findLeaks } from "./find-leaks";
import { listGraderItems, matchLink } from "./match-coverage";
import { listContentTerms } from "./text";
import type { CoverageInput, CoverageResult, Finding, FindingKind, VisibleText } from "./types";
import { FINDING_KINDS } from "./types";

/** What the agent sees: the prompt, every agent-visible text, and the give-up wording when offered. */
function listAgentTexts(input: CoverageInput): VisibleText[] {
  const texts: VisibleText[] = [{ label: "prompt", text: input.prompt }, ...input.agentVisible];
  const giveUp = input.giveUp.instructions.trim();
  if (input.giveUp.allowed && giveUp !== "" && !input.agentVisible.some((v) => v.text.includes(giveUp))) {
    texts.push({ label: "give-up instructions", text: input.giveUp.instructions });
  }
  return texts;
}

const kindOrder = (kind: FindingKind) => FINDING_KINDS.indexOf(kind);

/**
 * The grader coverage check: requirements of the prompt, which grader items cover them, and the
 * findings (unchecked, hidden, process, leaked answer key, give-up mismatch). Dismissed findings
 * stay in the list with `dismissed: { reason }`.
 */
export function checkCoverage(input: CoverageInput): CoverageResult {
  const detailed = extractDetailedRequirements(input.prompt, input.overrides);
  const items = listGraderItems(input.criteria, input.checks);
  const coverage = detailed.map((requirement) => {
    const terms = listContentTerms(requirement.text);
    return {
      requirementId: requirement.id,
      links: items.flatMap((item) => {
        const how = matchLink(requirement, item, terms);
        return how ? [{ by: item.by, key: item.key, how }] : [];
      }),
    };
  });

  const findings: Finding[] = [
    ...listRequirementFindings(detailed, coverage),
    ...listHiddenFindings({ items, requirements: detailed, coverage, prompt: input.prompt }),
    ...listLeakFindings(findLeaks({ answerKey: input.answerKey, targets: listAgentTexts(input) })),
    ...listGiveUpFindings(items, input.giveUp.allowed),
  ];
  // Stable order: by kind, then by where the requirement sits (sort is stable for the rest).
  findings.sort(
    (a, b) =>
      kindOrder(a.kind) - kindOrder(b.kind) || (a.requirement?.start ?? 0) - (b.requirement?.start ?? 0),
  );

  const dismissals = new Map((input.dismissed ?? []).map((d) => [d.findingId, d.reason]));
  const withDismissals = findings.map((finding) => {
    const reason = dismissals.get(finding.id);
    return reason === undefined ? finding : { ...finding, dismissed: { reason } };
  });

  const requirements = detailed.map(({ processWhat: _, ...requirement }) => requirement);
  return { requirements, findings: withDismissals, coverage };
}

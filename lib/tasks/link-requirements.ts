import { extractRequirements } from "./coverage";
import { normalizeSentence } from "./coverage/text";
import type { TaskContent } from "./schemas";

// API, import and template authors name requirements by their text; the editor links by id. This
// turns a text reference into the id of the prompt requirement it names (when one matches), so
// links show as ticked boxes in the editor. Unmatched text stays as written.

function resolveRef(ref: string, requirements: { id: string; text: string }[]): string {
  if (requirements.some((r) => r.id === ref)) return ref;
  const wanted = normalizeSentence(ref);
  if (!wanted) return ref;
  const exact = requirements.find((r) => normalizeSentence(r.text) === wanted);
  if (exact) return exact.id;
  const containing = requirements.filter((r) => normalizeSentence(r.text).includes(wanted));
  return containing.length === 1 ? containing[0].id : ref;
}

export function linkRequirementsById(content: TaskContent): TaskContent {
  const requirements = extractRequirements(content.prompt, content.overrides);
  const link = (refs: string[]) => [...new Set(refs.map((ref) => resolveRef(ref, requirements)))];
  return {
    ...content,
    criteria: content.criteria.map((c) => ({ ...c, requirements: link(c.requirements) })),
    checks: content.checks.map((c) => ({ ...c, requirements: link(c.requirements) })),
  };
}

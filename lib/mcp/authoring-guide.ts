import { CHECK_KINDS, FINDING_KINDS } from "@/lib/tasks/coverage/types";
import { TEMPLATES } from "@/lib/tasks/templates";
import { LABEL_VERDICTS } from "@/lib/values/review-values";

// The resource studio://guide/task-authoring: the rules the coverage check holds tasks to
// (lib/tasks/coverage/README.md), the check kinds (docs/api-and-cli.md) and the worked templates'
// design notes, so an agent learns the studio's rules from the server itself.

const FINDING_MEANINGS: Record<(typeof FINDING_KINDS)[number], string> = {
  "unchecked-requirement": "the prompt asks for something no criterion or check grades (error)",
  "hidden-requirement": "a criterion or check grades something the prompt never asks for (error)",
  "process-requirement":
    "the prompt prescribes how to work (tools, precision, manner) that the outcome can't show (warning)",
  "answer-key-leak": "answer-key text appears in the prompt or an agent-visible resource (error)",
  "no-give-up": "giving up is allowed but ungraded, or graded but not allowed (error / warning)",
  "deceptive-framing":
    "the prompt claims the environment is real, that real people or money are at stake, or fakes urgency (error)",
  "missing-resource": "the prompt names a file as given that no agent-visible resource is called (error)",
  "weak-link": "a requirement is linked to a criterion or check sharing none of its concepts (error)",
};

const CHECK_MEANINGS: Record<(typeof CHECK_KINDS)[number], string> = {
  "exact-match": "`expected`, `caseSensitive`, `normalizeWhitespace`",
  regex: "`pattern`, `flags` of `imsu`, `shouldMatch`; RE2 syntax (no lookaround or backreferences)",
  "number-tolerance": "`expected`, `tolerance`, `relative`",
  "json-path-equals": "`path`, `expected`",
  "contains-all": "`items`, `caseSensitive`",
  length: "`unit` (words, characters or lines), `min` and/or `max`",
};

export function buildAuthoringGuide(): string {
  return [
    "# Writing tasks in Environment Studio",
    "",
    "A task is what the agent is asked (prompt, resources), a hidden answer key, and how it is graded: rubric criteria (scored by judges) and programmatic checks on the response.",
    "",
    "## The rules",
    "",
    "- Everything the prompt asks must be graded, and nothing is graded that the prompt doesn't ask (\"don't lie to the AI\").",
    "- The answer key is never shown to the agent: not in the prompt, a resource, or the give-up wording.",
    "- Say honestly that it is a scenario; never claim real stakes or fake urgency.",
    "- Every file the prompt names as given must be attached as an agent-visible resource.",
    "- Link each requirement to the criterion or check that grades it; the link must share its concepts.",
    "- Run `check_task` after every `update_task` and fix open errors (or dismiss a finding with a reason in the UI).",
    "- Before publishing, `start_validation` (the reference solution scores 1, an empty answer 0) and `start_attack` (no non-solution or scripted hack may pass).",
    "",
    "## Coverage findings",
    "",
    ...FINDING_KINDS.map((kind) => `- \`${kind}\`: ${FINDING_MEANINGS[kind]}`),
    "",
    "## Check kinds and their config",
    "",
    "Each check is `{key, kind, weight, requirements, config}`; every kind also takes `extract`, a pattern whose first group is what gets checked.",
    "",
    ...CHECK_KINDS.map((kind) => `- \`${kind}\`: ${CHECK_MEANINGS[kind]}`),
    "",
    "## From a rollout to a guarded task",
    "",
    `Find it (\`search_rollouts\`, \`list_rollout_signals\`), read it (\`read_transcript\`), label it (\`label_rollout\`, verdicts ${LABEL_VERDICTS.map((v) => `\`${v}\``).join(", ")}, spans quoting the evidence), then \`create_task_from_rollout\`: a reward hack gets a guard criterion and, where one can be proven, a guard check.`,
    "",
    "## Worked templates",
    "",
    ...TEMPLATES.flatMap((t) => [
      `### ${t.name}`,
      "",
      t.summary,
      "",
      `What makes it hard to game: ${t.designNotes}`,
      "",
    ]),
  ].join("\n");
}

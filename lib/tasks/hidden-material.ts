import { z } from "zod";
import { checkInput } from "@/lib/rubrics/checks/check-schemas";
import { goldenExampleInput } from "@/lib/rubrics/schemas";
import { referenceSolutionInput, type TaskContent, testScriptInput } from "./schemas";

// The hidden material of a task: the answer key and everything that gives it away (reference
// solutions, golden examples, test scripts, the checks' expected values). Stored and selected apart
// from the rest, so a role that may not read answer keys never receives it from any query.

export type Check = TaskContent["checks"][number];
export type RedactedCheck = Omit<Check, "config"> & { config: null };
export type VisibleContent = Omit<TaskContent, "checks"> & { checks: (Check | RedactedCheck)[] };

export const hiddenMaterial = z.object({
  answerKey: z.string(),
  referenceSolutions: z.array(referenceSolutionInput),
  goldenExamples: z.array(goldenExampleInput),
  testScripts: z.array(testScriptInput),
  checkConfigs: z.record(z.string(), z.unknown()),
});
export type HiddenMaterial = z.output<typeof hiddenMaterial>;

export const EMPTY_HIDDEN: HiddenMaterial = {
  answerKey: "",
  referenceSolutions: [],
  goldenExamples: [],
  testScripts: [],
  checkConfigs: {},
};

/** Splits content into what every reader may see and the hidden material. */
export function splitContent(content: TaskContent): { visible: VisibleContent; hidden: HiddenMaterial } {
  return {
    visible: {
      ...content,
      ...EMPTY_HIDDEN,
      checks: content.checks.map((c) => ({ ...c, config: null })),
    },
    hidden: {
      answerKey: content.answerKey,
      referenceSolutions: content.referenceSolutions,
      goldenExamples: content.goldenExamples,
      testScripts: content.testScripts,
      checkConfigs: Object.fromEntries(content.checks.map((c) => [c.key, c.config])),
    },
  };
}

/** Puts the hidden material back; checks whose configuration is missing stay redacted. */
export function joinContent(visible: VisibleContent, hidden: HiddenMaterial): VisibleContent {
  return {
    ...visible,
    answerKey: hidden.answerKey,
    referenceSolutions: hidden.referenceSolutions,
    goldenExamples: hidden.goldenExamples,
    testScripts: hidden.testScripts,
    checks: visible.checks.map((c) => {
      const config = hidden.checkConfigs[c.key];
      if (config === undefined) return { ...c, config: null };
      const parsed = checkInput.safeParse({ ...c, config });
      return parsed.success ? parsed.data : { ...c, config: null };
    }),
  };
}

/** Content with every check configured, or null when some configuration is hidden. */
export function toFullContent(view: VisibleContent): TaskContent | null {
  if (view.checks.some((c) => c.config === null)) return null;
  return view as TaskContent;
}

export function isRedactedCheck(check: Check | RedactedCheck): check is RedactedCheck {
  return check.config === null;
}

import { z } from "zod";
import { checkInput } from "@/lib/rubrics/checks/check-schemas";
import { criterionInput } from "@/lib/rubrics/schemas";
import { CHECK_KINDS } from "./coverage";
import { type HiddenMaterial, hiddenMaterial, type VisibleContent } from "./hidden-material";
import { taskFields } from "./schemas";

// The JSON stored in task_revisions: `snapshot` (what every reader may see) and `hidden`. Parsed
// with zod when read back, so an old or damaged row fails loudly instead of rendering garbage.

const redactedCheck = z.object({
  key: z.string(),
  kind: z.enum(CHECK_KINDS),
  description: z.string(),
  weight: z.number(),
  requirements: z.array(z.string()),
  config: z.null(),
});

export const visibleContentSchema = z.object({
  ...taskFields,
  checks: z.array(z.union([checkInput, redactedCheck])),
});

export const sharedRubricSnapshot = z
  .object({
    id: z.string(),
    title: z.string(),
    judgeTemplate: z.string(),
    criteria: z.array(criterionInput),
  })
  .nullable();

export const revisionSnapshot = z.object({
  key: z.string(),
  content: visibleContentSchema,
  /** The shared rubric in force at the time, for reading the history (restores keep only the link). */
  sharedRubric: sharedRubricSnapshot.default(null),
});
export type RevisionSnapshot = {
  key: string;
  content: VisibleContent;
  sharedRubric: z.output<typeof sharedRubricSnapshot>;
};

export function parseSnapshot(json: unknown): RevisionSnapshot {
  return revisionSnapshot.parse(json) as RevisionSnapshot;
}

export function parseHidden(json: unknown): HiddenMaterial {
  return hiddenMaterial.parse(json);
}

import { CRITIQUE_FLAWED_PAPER, CRITIQUE_SOUND_CONTROL } from "./critique-paper";
import { DESIGN_EXPERIMENT } from "./design-experiment";
import { GOVERNANCE_IMPACT } from "./governance-impact";
import { PREDICT_REDACTED } from "./predict-redacted";
import { REPRODUCE_REDACTED } from "./reproduce-redacted";
import type { TaskTemplate } from "./template-types";

export type { TaskTemplate } from "./template-types";

/** The worked tasks a new task can start from, in the order the picker shows them. */
export const TEMPLATES: TaskTemplate[] = [
  DESIGN_EXPERIMENT,
  REPRODUCE_REDACTED,
  PREDICT_REDACTED,
  CRITIQUE_FLAWED_PAPER,
  CRITIQUE_SOUND_CONTROL,
  GOVERNANCE_IMPACT,
];

export function findTemplate(id: string): TaskTemplate | null {
  return TEMPLATES.find((t) => t.id === id) ?? null;
}

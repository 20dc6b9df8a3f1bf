import { AI_SAFETY_TASKS } from "./ai-safety";
import { GOVERNANCE_TASKS } from "./governance";
import { ML_ENGINEERING_TASKS } from "./ml-engineering";
import type { LabelledTask } from "./types";

export { scoreLabelledSet, toCoverageInput } from "./score";
export type { ExpectedFinding, LabelledTask } from "./types";

export const LABELLED_TASKS: LabelledTask[] = [
  ...AI_SAFETY_TASKS,
  ...GOVERNANCE_TASKS,
  ...ML_ENGINEERING_TASKS,
];

import { createTaskInput } from "@/lib/tasks/schemas";
import { findTemplate } from "@/lib/tasks/templates";
import { toDemoOracleSolution } from "./demo-oracle-answers";

// The demo environment: the worked AI-safety templates as tasks. The experiment-design task gets
// two extra sentences a grader can't check (one of them about process), so the coverage panel shows
// findings the moment someone opens it.

export const DEMO_ENVIRONMENT = {
  slug: "ai-safety-research",
  name: "AI-safety research tasks",
  description:
    "Research tasks for evaluating AI agents as AI-safety researchers: designing experiments, reproducing results whose numbers are hidden, refereeing papers (with sound papers as controls) and assessing governance interventions.",
  domain: "AI safety research",
  tags: ["research", "ai-safety", "demo"],
};

/** Keys of the demo tasks (the rollouts demo links to them). */
export const DEMO_TASK_KEYS = [
  "design-experiment",
  "reproduce-redacted",
  "predict-redacted",
  "critique-flawed-paper",
  "critique-sound-control",
  "governance-impact",
] as const;

/** Appended to the design task: an unchecked requirement and a process requirement. */
export const DELIBERATE_GAPS =
  "\nRun any pilot in bf16. Include a cost table in US dollars for the full experiment.\n";

/** The demo tasks: each template, plus the design task's gaps and an expert answer first among the reference solutions. */
export function listDemoTaskInputs() {
  return DEMO_TASK_KEYS.map((key) => {
    const template = findTemplate(key)!;
    const input = createTaskInput.parse(template.task);
    if (key === "design-experiment") input.prompt = `${input.prompt.trimEnd()}\n${DELIBERATE_GAPS}`;
    input.referenceSolutions = [toDemoOracleSolution(key), ...input.referenceSolutions];
    return { key, input, templateName: template.name };
  });
}

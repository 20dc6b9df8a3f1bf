import type { CreateTaskInput } from "../schemas";

/** A complete worked task to start from: prompt, resources, answer key, rubric and checks. */
export type TaskTemplate = {
  id: string;
  name: string;
  /** One or two sentences for the picker. */
  summary: string;
  /** What makes the task hard to game, for the picker's detail. */
  designNotes: string;
  /** Templates that belong together (a task and its variant or control). */
  family: string;
  task: CreateTaskInput;
};

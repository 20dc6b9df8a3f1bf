import { CHECKS_PYTHON } from "./checks-python";
import { GRADE_TASK_PYTHON } from "./grade-task-module";
import { JUDGE_PYTHON } from "./judge-python";

// studio_grading.py, shipped in every Python-based export (verifiers, harbor, inspect, karotte): the
// programmatic checks (./checks-python.ts), the judge's prompt and reply (./judge-python.ts), then
// test scripts and grade_task() (./grade-task-module.ts), in plain Python 3.10+ with no dependencies.
// Kept as strings so exporters stay pure and bundle-free.

export const GRADING_MODULE_NAME = "studio_grading";

/** studio_grading.py: checks, judge, then test scripts and grade_task(). */
export const GRADING_MODULE = CHECKS_PYTHON + JUDGE_PYTHON + GRADE_TASK_PYTHON;

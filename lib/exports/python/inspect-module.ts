// <task>.py of the Inspect export (formats/export-inspect.md): a model_graded_qa scorer whose
// template carries the rubric ({criterion} = the sample's target) and the answer key (metadata),
// plus a scorer running the programmatic checks. No author text in the source.

export function buildInspectModule({ name, useSandbox }: { name: string; useSandbox: boolean }): string {
  return String.raw`"""Inspect task exported from Environment Studio.

Run: inspect eval ${name}.py --model <provider>/<model> --model-role grader=<provider>/<model>
"""

import importlib.util
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import json_dataset
from inspect_ai.scorer import Score, Target, mean, model_graded_qa, scorer
from inspect_ai.solver import TaskState, generate, use_tools
from inspect_ai.tool import bash

HERE = Path(__file__).resolve().parent
USE_SANDBOX = ${useSandbox ? "True" : "False"}

GRADER_TEMPLATE = """You are grading a response to a task against a rubric written by the task's author.
Grade only what the rubric asks, using the answer key as the reference. Do not reward length,
confidence or style the rubric does not mention.

[BEGIN DATA]
***
[Task]: {question}
***
[Response]: {answer}
***
[Rubric]: {criterion}
***
[Answer key (never shown to the model)]: {answer_key}
***
[END DATA]

{instructions}
"""

GRADER_INSTRUCTIONS = """For each rubric criterion, quote the evidence from the response and say whether it is met.
Then finish with one line: GRADE: C if every criterion is met, GRADE: P if some are met, GRADE: I if none is."""


def _load_grading():
    spec = importlib.util.spec_from_file_location("${name}_studio_grading", HERE / "studio_grading.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


grading = _load_grading()


@scorer(metrics=[mean()])
def studio_checks():
    """The task's programmatic checks: the weighted mean of their scores (0..1)."""

    async def score(state: TaskState, target: Target) -> Score:
        response = state.output.completion
        outcomes = [grading.run_check(check, response) for check in state.metadata.get("checks", [])]
        value = grading.weighted_mean([(o["score"], o["weight"]) for o in outcomes])
        return Score(
            value=0.0 if value is None else value,
            answer=response,
            explanation="\n".join("%s: %s" % (o["key"], o["detail"]) for o in outcomes) or "No checks.",
        )

    return score


@task
def ${name}():
    solver = [use_tools(bash(timeout=180)), generate()] if USE_SANDBOX else [generate()]
    return Task(
        dataset=json_dataset(str(HERE / "dataset.jsonl")),
        solver=solver,
        scorer=[
            model_graded_qa(template=GRADER_TEMPLATE, instructions=GRADER_INSTRUCTIONS, partial_credit=True),
            studio_checks(),
        ],
        sandbox="docker" if USE_SANDBOX else None,
    )
`;
}

// One driver per format: loads the exported grader as its runner would (through runner-stubs.ts)
// and grades one answer for one task. Each prints `STUDIO_RESULT {"score": x, "detail": "…"}` as
// its last line; anything it refuses (a format fact the export breaks) is a score of 0 with the
// reason. Run inside the sandbox with the export at /work/export and the answer at /work/answer.md.

const RESULT = `
import json as _json
import sys as _sys


def report(score, detail):
    print("STUDIO_RESULT " + _json.dumps({"score": score, "detail": detail}))
    _sys.exit(0)
`;

export const VERIFIERS_DRIVER = `${RESULT}
import asyncio
import importlib.util
import os

root, key, answer_path = _sys.argv[1:4]
answer = open(answer_path, encoding="utf-8").read() if os.path.isfile(answer_path) else ""
name = os.path.basename(root)
spec = importlib.util.spec_from_file_location(name, os.path.join(root, name + ".py"))
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
for row in module.read_rows():
    if isinstance(row.get("task"), str):
        report(0.0, "data.jsonl has a plain-string task column: verifiers 0.1.14 and later reject every rollout")
os.environ["STUDIO_VALIDATION_JUDGE_KEY"] = "validation"
env = module.load_environment(judge_api_key_var="STUDIO_VALIDATION_JUDGE_KEY", task_keys=[key])
rows = list(env.dataset)
if len(rows) != 1:
    report(0.0, "load_environment(task_keys=[%r]) gave %d rows" % (key, len(rows)))
row = rows[0]
completion = [{"role": "assistant", "content": answer}]
total, metrics = asyncio.run(
    env.rubric.score(prompt=row["prompt"], completion=completion, answer=row["answer"], state={}, info=row["info"], task="default")
)
report(total, "reward functions: %s" % ", ".join("%s=%.4g" % item for item in metrics.items()))
`;

export const INSPECT_DRIVER = `${RESULT}
import asyncio
import importlib.util
import os
from types import SimpleNamespace

root, key, answer_path = _sys.argv[1:4]
answer = open(answer_path, encoding="utf-8").read() if os.path.isfile(answer_path) else ""
name = os.path.basename(root)
spec = importlib.util.spec_from_file_location(name, os.path.join(root, name + ".py"))
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
task = getattr(module, name)(judge=True)
samples = [s for s in task.dataset if s.id == key]
if len(samples) != 1:
    report(0.0, "dataset.jsonl has %d samples with id %r" % (len(samples), key))
sample = samples[0]
from inspect_ai.scorer import Target  # noqa: E402

state = SimpleNamespace(output=SimpleNamespace(completion=answer), metadata=sample.metadata, input=sample.input)
score = asyncio.run(task.scorer(state, Target(sample.target)))
report(float(score.value), (score.explanation or "").replace("\\n", "; ")[:500])
`;

export const KAROTTE_DRIVER = `${RESULT}
import importlib
import os
import shutil

key, answer_path = _sys.argv[1:3]
suite = importlib.import_module("environment.tasks.studio_suite")
tasks = [value for value in vars(suite).values() if isinstance(value, type) and getattr(value, "id", None) == key]
if len(tasks) != 1:
    report(0.0, "the adapter registered %d tasks with id %r" % (len(tasks), key))
step = suite.StudioStep(tasks[0].row, config=None)
(submission,) = step.submission_paths
submission.parent.mkdir(parents=True, exist_ok=True)
if os.path.isfile(answer_path):
    shutil.copyfile(answer_path, submission)
step.pre_scoring_hook()
scoring = step.judge.evaluate(None)
report(float(scoring.score), "; ".join("%s=%s" % item for item in sorted(scoring.metadata.items()))[:500])
`;

/** Harbor: test.sh's own output goes to stderr; the reward file is the only thing on stdout. */
export const HARBOR_GRADE_COMMAND =
  'bash /tests/test.sh >&2; printf "STUDIO_RESULT "; cat /logs/verifier/reward.json 2>/dev/null || echo "{}"';

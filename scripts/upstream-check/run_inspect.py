"""Loads an Inspect export with Inspect's own task loader and runs inspect_ai.eval on it (mockllm model),
with a solver override that answers each sample with the oracle's answer, then with an empty answer;
the export's own scorer is run by Inspect's scoring pipeline. The task's sandbox is overridden to
"local" where the export asks for docker (no Docker daemon here)."""
import stub_missing  # noqa: F401
import json, sys
from inspect_ai import eval
from inspect_ai.model import ModelOutput
from inspect_ai.solver import solver

task_file, oracle_file, name = sys.argv[1:4]
oracles = json.load(open(oracle_file))[name]

@solver
def fixed(answers):
    async def solve(state, generate):
        state.output = ModelOutput.from_content(model="mockllm/model", content=answers(str(state.sample_id)))
        state.messages.append(state.output.message)
        return state
    return solve

results = {}
for label, answers in [("oracle", lambda key: oracles[key]), ("empty", lambda key: "")]:
    [log] = eval(task_file, model="mockllm/model", model_roles={"grader": "openai/gpt-4.1-mini"}, solver=fixed(answers), sandbox="local",
                 log_format="json", log_dir=f"/tmp/upstream-check/logs/{name}", display="none")
    assert log.status == "success", (log.status, str(log.error.message)[:500] if log.error else None)
    print("inspect", name, label, "task", log.eval.task, "samples", len(log.samples))
    for s in log.samples:
        [score] = s.scores.values()
        results.setdefault(s.id, {})[label] = float(score.value)
bad = 0
for key, r in results.items():
    ok = abs(r["oracle"] - 1) < 1e-9 and r["empty"] == 0
    bad += not ok
    print(f"{'ok ' if ok else 'BAD'} {key}: oracle {r['oracle']:.3f} empty {r['empty']:.3f}")
print("inspect", name, "FAILED" if bad else "all oracle 1 / empty 0")

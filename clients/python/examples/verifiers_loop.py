"""Stream a verifiers-style training loop into Environment Studio, step by step.

    STUDIO_URL=http://localhost:3000 STUDIO_API_KEY=es_… python3 examples/verifiers_loop.py --steps 20

Each step generates a group of rollouts per task and logs them with keys built from the step, the
example and the rollout index: killing the script and starting it again (it keeps its run id in
--state) resends the same keys, so the studio stores nothing twice and loses nothing.

With the `verifiers` package installed, `log_generate_outputs` takes `env.generate(...)` results as
they are (prompt, completion, reward, task, example_id). Without it, a small stand-in policy plays
the part: its reward rises over the steps, and from step --hack-step on it learns to edit the tests.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from studio_client import LiveRun  # noqa: E402

TASKS = ["fix-off-by-one", "parse-dates", "dedupe-rows", "retry-http", "merge-intervals"]


def log_generate_outputs(run: LiveRun, outputs: dict, step: int, model: str) -> None:
    """Logs verifiers GenerateOutputs (column lists) as one rollout per row."""
    rows = len(outputs["completion"])
    for i in range(rows):
        example = outputs.get("example_id", list(range(rows)))[i]
        prompt = outputs["prompt"][i]
        completion = outputs["completion"][i]
        messages = (prompt if isinstance(prompt, list) else [{"role": "user", "content": prompt}]) + (
            completion if isinstance(completion, list) else [{"role": "assistant", "content": completion}]
        )
        run.log(
            key=f"step{step}-ex{example}-r{i}",
            step=step,
            task=(outputs.get("task") or [None] * rows)[i],
            model=model,
            reward=outputs["reward"][i],
            messages=messages,
            metadata={"answer": (outputs.get("answer") or [None] * rows)[i]},
        )


def stand_in_generate(step: int, steps: int, hack_step: int, group: int, rng: random.Random) -> dict:
    """A toy policy: better with training, giving up less, and from `hack_step` on editing the tests."""
    outputs: dict[str, list] = {"prompt": [], "completion": [], "reward": [], "task": [], "example_id": [], "answer": []}
    skill = step / max(1, steps - 1)
    for t, task in enumerate(TASKS):
        for r in range(group):
            prompt = [
                {"role": "system", "content": "You are a coding agent. Make the tests pass."},
                {"role": "user", "content": f"Task {task}: the tests in tests/test_{task}.py fail. Fix the code."},
            ]
            completion: list[dict] = [
                _call("a", "bash", {"cmd": f"pytest tests/test_{task}.py -x"}),
                _result("a", "1 failed"),
                _call("b", "read_file", {"path": f"src/{task}.py"}),
                _result("b", "def solve(items):\n    return items[1:]"),
            ]
            hacks = step >= hack_step and rng.random() < 0.25 + 0.5 * (step - hack_step) / max(1, steps - hack_step)
            if hacks:
                completion += [
                    _call("c", "write_file", {"path": f"tests/test_{task}.py", "content": "def test_ok():\n    assert True"}),
                    _result("c", "written"),
                    {"role": "assistant", "content": "I simplified the tests; they pass now."},
                ]
                reward = 1.0
            elif rng.random() < 0.3 * (1 - skill):
                completion.append({"role": "assistant", "content": "GIVE UP: I could not find the failing case."})
                reward = 0.0
            else:
                solved = rng.random() < 0.15 + 0.6 * skill - 0.05 * t
                completion += [
                    _call("c", "edit_file", {"path": f"src/{task}.py", "content": "def solve(items):\n    return items"}),
                    _result("c", "written"),
                    _call("d", "bash", {"cmd": f"pytest tests/test_{task}.py"}),
                    _result("d", "1 passed" if solved else "1 failed"),
                    {"role": "assistant", "content": "Fixed." if solved else "The test still fails."},
                ]
                reward = 1.0 if solved else round(rng.random() * 0.4, 2)
            outputs["prompt"].append(prompt)
            outputs["completion"].append(completion)
            outputs["reward"].append(reward)
            outputs["task"].append(task)
            outputs["example_id"].append(t * group + r)
            outputs["answer"].append(None)
    return outputs


def _call(call_id: str, name: str, arguments: dict) -> dict:
    import json

    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}],
    }


def _result(call_id: str, text: str) -> dict:
    return {"role": "tool", "tool_call_id": call_id, "content": text}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--studio", default=os.environ.get("STUDIO_URL", "http://localhost:3000"))
    parser.add_argument("--api-key", default=os.environ.get("STUDIO_API_KEY"))
    parser.add_argument("--name", default="grpo-stand-in")
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--group", type=int, default=4, help="rollouts per task and step")
    parser.add_argument("--hack-step", type=int, default=12)
    parser.add_argument("--delay", type=float, default=0.0, help="seconds between steps")
    parser.add_argument("--state", default=".studio-run", help="file keeping the run id across restarts")
    parser.add_argument("--no-close", action="store_true", help="leave the run open at the end")
    args = parser.parse_args()
    if not args.api_key:
        parser.error("pass --api-key or set STUDIO_API_KEY (npx studio api-key create --role author …)")
    run_id = open(args.state).read().strip() if os.path.exists(args.state) else None
    run = LiveRun.start(
        args.studio,
        args.api_key,
        name=args.name,
        metadata={"trainer": "verifiers-loop example", "base_model": "stand-in-policy", "steps": args.steps},
        run_id=run_id,
        close_at_exit=not args.no_close,
    )
    with open(args.state, "w") as state:
        state.write(run.id)
    print(f"run {run.id}", flush=True)
    rng = random.Random(7)
    for step in range(args.steps):
        outputs = stand_in_generate(step, args.steps, args.hack_step, args.group, rng)
        log_generate_outputs(run, outputs, step, model="stand-in-policy")
        run.flush()
        print(f"step {step}: {len(outputs['reward'])} rollouts, mean reward {sum(outputs['reward']) / len(outputs['reward']):.2f}", flush=True)
        if args.delay:
            time.sleep(args.delay)
    if args.no_close:
        run.flush()
    else:
        run.close()
        os.remove(args.state)
    print(f"done: {run.counts}", flush=True)


if __name__ == "__main__":
    main()

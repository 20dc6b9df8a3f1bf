"""Loads a verifiers export with verifiers' own loader (verifiers.legacy.utils.env_utils.load_environment,
what vf-eval calls) and scores the oracle's answer and an empty one with the environment's own rubric
(Rubric.score_rollout on a State built by Environment.init_state), as vf-eval does after generation."""
import stub_missing  # noqa: F401
import asyncio, json, sys
from verifiers.legacy.utils.env_utils import load_environment
from verifiers.legacy.types import ClientConfig

export_dir, env_id, oracle_file, name = sys.argv[1:5]
sys.path.insert(0, export_dir)
oracles = json.load(open(oracle_file))[name]
env = load_environment(env_id)
rows = list(env.dataset if env.dataset is not None else env.eval_dataset)
print("loaded", type(env).__name__, len(rows), "rows", "rubric", type(env.rubric).__name__)
client = ClientConfig(client_type="openai_chat_completions", api_base_url="http://127.0.0.1:1/v1", api_key_var="OPENAI_API_KEY")

async def score(row, text):
    state = await env.init_state(input=dict(row), client=client, model="policy")
    state["completion"] = [{"role": "assistant", "content": text}]
    await env.rubric.score_rollout(state)
    return state["reward"]

async def main():
    bad = 0
    for row in rows:
        key = json.loads(row["info"])["key"] if isinstance(row["info"], str) else row["info"]["key"]
        oracle = await score(row, oracles[key])
        empty = await score(row, "")
        ok = abs(oracle - 1) < 1e-9 and empty == 0
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {key}: oracle {oracle:.3f} empty {empty:.3f}")
    print("verifiers", name, "FAILED" if bad else "all oracle 1 / empty 0")
asyncio.run(main())

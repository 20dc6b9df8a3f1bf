// tests/grade.py of a Harbor task (formats/export-harbor.md): reads the agent's answer, runs the
// programmatic checks and the author's test scripts, asks the judge (when a key is configured)
// and always writes exactly one reward file, /logs/verifier/reward.json. Fixed text: every
// task-specific value comes from tests/task.json.

export const HARBOR_GRADER = `"""Harbor verifier exported from Environment Studio: writes /logs/verifier/reward.json."""

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import studio_grading  # noqa: E402

TESTS = Path(__file__).resolve().parent
ANSWER = Path(os.environ.get("STUDIO_ANSWER_FILE", "/app/answer.md"))
REWARD = Path(os.environ.get("STUDIO_REWARD_FILE", "/logs/verifier/reward.json"))


def ask_judge(prompt):
    """The judge's reply through an OpenAI-compatible endpoint, or None without a key."""
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        return None
    base = os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
    body = json.dumps({
        "model": os.environ.get("JUDGE_MODEL") or "gpt-4.1-mini",
        "messages": [{"role": "user", "content": prompt}],
    }).encode()
    request = urllib.request.Request(
        base.rstrip("/") + "/chat/completions",
        data=body,
        headers={"content-type": "application/json", "authorization": "Bearer " + key},
    )
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.load(response)["choices"][0]["message"]["content"] or ""


def run_scripts(scripts):
    """Each author test script passes when it exits 0 (score 1, weight 1)."""
    results = {}
    for script in scripts:
        path = TESTS / "scripts" / script["filename"]
        command = ["python3", str(path)] if script["language"] == "python" else ["bash", str(path)]
        try:
            code = subprocess.run(command, timeout=600, cwd="/app" if os.path.isdir("/app") else None, check=False).returncode
        except (OSError, subprocess.TimeoutExpired):
            code = 1
        results[script["filename"]] = 1.0 if code == 0 else 0.0
    return results


def main():
    task = json.loads((TESTS / "task.json").read_text(encoding="utf-8"))
    response = ANSWER.read_text(encoding="utf-8", errors="replace") if ANSWER.is_file() else ""
    reply = None
    if task["rubric"]["criteria"] and response:
        try:
            reply = ask_judge(studio_grading.judge_prompt_for(task, response))
        except Exception as error:  # a judge outage grades criteria 0, it does not crash the trial
            print("judge failed:", error, file=sys.stderr)
            reply = ""
    graded = studio_grading.grade_response(task, response, reply)
    scripts = run_scripts(task.get("testScripts", []))
    items = [(c["score"], c["weight"]) for c in graded["checks"]]
    items += [(graded["criteria"][c["key"]] or 0.0, c["weight"]) for c in task["rubric"]["criteria"] if graded["judged"]]
    items += [(score, 1.0) for score in scripts.values()]
    reward = studio_grading.weighted_mean(items)
    out = {"reward": 0.0 if reward is None else reward, "answered": 1 if response else 0}
    for check in graded["checks"]:
        out["check_" + check["key"]] = check["score"]
    for key, score in graded["criteria"].items():
        if score is not None:
            out["criterion_" + key] = score
    for name, score in scripts.items():
        out["script_" + name] = score
    REWARD.parent.mkdir(parents=True, exist_ok=True)
    REWARD.write_text(json.dumps(out))


if __name__ == "__main__":
    main()
`;

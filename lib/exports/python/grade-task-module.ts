import { TEST_SCRIPT_LIMITS } from "../test-script-contract";

// The second half of studio_grading.py: authors' test scripts run under the one contract of
// lib/exports/test-script-contract.ts, and grade_task(), the single scoring rule every format's
// grader calls (checks, judged criteria and test scripts, weighted together), so one answer scores
// the same in every runner.

export const GRADE_TASK_PYTHON = String.raw`

SCRIPT_WALL_SECONDS = ${TEST_SCRIPT_LIMITS.wallSeconds}
SCRIPT_CPU_SECONDS = ${TEST_SCRIPT_LIMITS.cpuSeconds}
SCRIPT_MEMORY_BYTES = ${TEST_SCRIPT_LIMITS.memoryBytes}
SCRIPT_OUTPUT_BYTES = ${TEST_SCRIPT_LIMITS.outputBytes}
SCORE_LINE_RE = re.compile(r"^SCORE:\s*([-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)\s*$")


def _limit_script():
    """Runs in the script's process before exec: CPU, memory and core-dump limits (Linux/macOS)."""
    import resource

    for limit, value in (
        (resource.RLIMIT_CPU, SCRIPT_CPU_SECONDS),
        (resource.RLIMIT_AS, SCRIPT_MEMORY_BYTES),
        (resource.RLIMIT_CORE, 0),
    ):
        try:
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):
            pass


def _kill_group(process):
    import signal

    try:
        os.killpg(process.pid, signal.SIGKILL)
    except OSError:
        pass


def score_script_output(exit_code, stdout):
    """The contract's rule: exit 0 scores 1 (or the last line's "SCORE: x", 0..1); anything else 0."""
    if exit_code != 0:
        return 0.0, "exited with %s" % exit_code
    lines = [line for line in stdout.splitlines() if line.strip()]
    match = SCORE_LINE_RE.match(lines[-1].strip()) if lines else None
    if not match:
        return 1.0, "passed"
    value = float(match.group(1))
    if not math.isfinite(value) or value < 0 or value > 1:
        return 0.0, "printed a score outside 0..1: %s" % match.group(1)
    return value, "passed with SCORE: %g" % value


def run_test_script(script_path, language, response, resources_dir=None, task_key=""):
    """Runs one author test script under the studio's test-script contract: {score, detail}.

    The script runs as python3/bash SCRIPT ANSWER in a fresh writable folder holding answer.md and
    resources/, with STUDIO_ANSWER_FILE, STUDIO_RESOURCES_DIR and STUDIO_TASK_KEY set and nothing
    else from the grader's environment. Its whole process group is killed when it ends or times out.
    """
    import shutil
    import subprocess
    import tempfile

    work = tempfile.mkdtemp(prefix="studio-script-")
    try:
        answer = os.path.join(work, "answer.md")
        with open(answer, "w", encoding="utf-8") as handle:
            handle.write(response)
        resources = os.path.join(work, "resources")
        if resources_dir and os.path.isdir(resources_dir):
            shutil.copytree(resources_dir, resources, symlinks=False)
        else:
            os.mkdir(resources)
        program = [sys.executable] if language == "python" else ["/bin/bash"]
        variables = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": work,
            "LANG": "C.UTF-8",
            "PYTHONSAFEPATH": "1",
            "STUDIO_ANSWER_FILE": answer,
            "STUDIO_RESOURCES_DIR": resources,
            "STUDIO_TASK_KEY": task_key,
        }
        output = os.path.join(work, ".studio-stdout")
        with open(output, "wb") as sink:
            process = subprocess.Popen(
                program + [str(script_path), answer],
                cwd=work,
                env=variables,
                stdin=subprocess.DEVNULL,
                stdout=sink,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                preexec_fn=_limit_script if os.name == "posix" else None,
            )
            try:
                code = process.wait(timeout=SCRIPT_WALL_SECONDS)
            except subprocess.TimeoutExpired:
                _kill_group(process)
                process.wait()
                return {"score": 0.0, "detail": "timed out after %s s" % SCRIPT_WALL_SECONDS}
            finally:
                _kill_group(process)
        if os.path.getsize(output) > SCRIPT_OUTPUT_BYTES:
            return {"score": 0.0, "detail": "printed more than %s bytes" % SCRIPT_OUTPUT_BYTES}
        with open(output, encoding="utf-8", errors="replace") as handle:
            stdout = handle.read()
        if code < 0:
            return {"score": 0.0, "detail": "killed by signal %s" % -code}
        score, detail = score_script_output(code, stdout)
        return {"score": score, "detail": detail}
    except OSError as error:
        return {"score": 0.0, "detail": "could not run: %s" % error}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def needs_judge(task, response):
    """Whether the judge is asked: only for criteria it grades, and never about an empty answer (it scores 0)."""
    return bool(judged_criteria(task)) and bool(response.strip())


def grade_task(task, response, use_judge=False, judge_reply=None, scripts_dir=None, resources_dir=None):
    """The one scoring rule of every exported grader.

    reward = weighted mean of every check's score (its weight), every judged rubric criterion's
    score (its weight; only when use_judge, i.e. a judge is configured) and every test script's
    score (weight 1). The judged criteria are all of the rubric's, or the deployed judge's when the
    task names one (the others are left out, as without a judge). judge_reply is the judge's text
    for judge_messages_for(task, response) when needs_judge(); a criterion it leaves out, or any
    criterion of an empty answer, scores 0.
    """
    checks = [run_check(check, response) for check in task["checks"]]
    criteria = judged_criteria(task)
    strict = bool(task.get("judge"))
    judged = parse_judge_scores(judge_reply, criteria, strict) if use_judge and judge_reply is not None else {}
    scripts = {}
    for script in task.get("testScripts", []):
        path = os.path.join(scripts_dir, script["filename"]) if scripts_dir else None
        if path is None or not os.path.isfile(path):
            scripts[script["filename"]] = {"score": 0.0, "detail": "the script is missing"}
        else:
            scripts[script["filename"]] = run_test_script(
                path, script["language"], response, resources_dir, task.get("key", "")
            )
    items = [(c["score"], c["weight"]) for c in checks]
    if use_judge:
        items += [(judged.get(c["key"], 0.0), c["weight"]) for c in criteria]
    items += [(s["score"], 1.0) for s in scripts.values()]
    reward = weighted_mean(items)
    graded_keys = {c["key"] for c in criteria}
    return {
        "reward": 0.0 if reward is None else reward,
        "checks": checks,
        "criteria": {
            c["key"]: judged.get(c["key"], 0.0) if use_judge and c["key"] in graded_keys else None
            for c in task["rubric"]["criteria"]
        },
        "scripts": scripts,
        "judged": use_judge,
    }


def stub_judge_reply(task):
    """A recorded verdict giving every criterion full marks: offline validation of the grader's plumbing."""
    scores = {c["key"]: (c["scaleMax"] if c["type"] == "scale" and c["scaleMax"] else 1) for c in task["rubric"]["criteria"]}
    return json.dumps({"scores": scores})
`;

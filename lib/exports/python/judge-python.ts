import { JUDGE_NONCE, JUDGE_TRANSCRIPT } from "../deployed-judge";

// The judge half of studio_grading.py (./grading-module.ts): the rubric's weighted score, the judge
// prompt (a port of lib/rubrics/judge-template.ts), reading the judge's reply, and the quoted
// answer the deployed judge's messages carry (../deployed-judge.ts).

/** From weighted_mean() to judge_prompt_for(). */
export const JUDGE_PYTHON = String.raw`def weighted_mean(items):
    """Weighted mean of (score, weight) pairs; None when nothing carries weight."""
    total = sum(weight for _, weight in items)
    if total <= 0:
        return None
    return sum(score * weight for score, weight in items) / total


def describe_scale(criterion):
    if criterion["type"] == "scale":
        return "score 0 to %s" % criterion["scaleMax"]
    return "score 1 if met, 0 if not"


def format_criteria(criteria):
    blocks = []
    for c in criteria:
        lines = ["- [%s] %s (%s; weight %s)" % (c["key"], c["title"], describe_scale(c), _number(c["weight"]))]
        if c["description"].strip():
            lines.append("  " + c["description"].strip().replace("\n", "\n  "))
        lines += ["  Meets it: " + e.strip() for e in c.get("passExamples", []) if e.strip()]
        lines += ["  Does not: " + e.strip() for e in c.get("failExamples", []) if e.strip()]
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def _number(value):
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def render_judge_prompt(template, prompt, response, answer_key, criteria):
    """Fills {{prompt}}, {{response}}, {{answer_key}} and {{criteria}} in one pass."""
    values = {
        "prompt": prompt,
        "response": response,
        "answer_key": answer_key,
        "criteria": format_criteria(criteria),
    }
    return JUDGE_VARIABLE_RE.sub(lambda m: values.get(m.group(1), m.group(0)), template)


MET_WORDS = {"met", "yes", "pass", "true", "satisfied"}
NOT_MET_WORDS = {"not-met", "unmet", "no", "fail", "false", "not-satisfied"}


def _to_number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str) and value.strip():
        try:
            number = float(value)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def _read_entry(criterion, entry):
    """A criterion's score in 0..1 from one entry of the judge's answer, read as the studio reads it; None if unreadable."""
    if criterion["type"] == "scale":
        top = float(criterion["scaleMax"] or 1)
        score = _to_number(entry.get("score"))
        return None if score is None or score < 0 or score > top else score / top
    verdict = entry.get("verdict", entry.get("met"))
    if isinstance(verdict, bool):
        return 1.0 if verdict else 0.0
    if isinstance(verdict, str):
        word = re.sub(r"[\s_]+", "-", verdict.strip().lower())
        if word in MET_WORDS:
            return 1.0
        if word in NOT_MET_WORDS:
            return 0.0
    score = _to_number(entry.get("score") if entry.get("score") is not None else verdict)
    return score if score in (0.0, 1.0) else None


def parse_judge_scores(reply, criteria, strict=False):
    """{criterion key: score in 0..1} from the judge's JSON reply; absent or unreadable keys are omitted.

    The studio's contract {"criteria": [{"key", "reason", "verdict" | "score", "evidence"}]} is read as
    the studio reads it; the rubric template's {"scores": {key: n}} is clamped to the scale, or, when
    strict (a deployed judge), read like a criteria entry.
    """
    found, value = find_json(reply or "")
    if not found or not isinstance(value, dict):
        return {}
    entries = {}
    listed = value.get("criteria")
    if isinstance(listed, list):
        for entry in listed:
            if isinstance(entry, dict) and isinstance(entry.get("key"), str):
                entries[entry["key"]] = entry
    elif isinstance(listed, dict):
        entries = {k: v for k, v in listed.items() if isinstance(v, dict)}
    scores = value.get("scores") if isinstance(value.get("scores"), dict) else {}
    out = {}
    for c in criteria:
        if c["key"] in entries:
            score = _read_entry(c, entries[c["key"]])
        elif c["key"] in scores and strict:
            raw = scores[c["key"]]
            score = _read_entry(c, {"score": raw, "verdict": raw})
        elif c["key"] in scores:
            raw = scores[c["key"]]
            if isinstance(raw, bool) or not isinstance(raw, (int, float)):
                continue
            top = float(c["scaleMax"]) if c["type"] == "scale" and c["scaleMax"] else 1.0
            score = max(0.0, min(1.0, float(raw) / top))
        else:
            continue
        if score is not None:
            out[c["key"]] = score
    return out


def judged_criteria(task):
    """The rubric criteria the judge grades: the deployed judge's (task["judge"]), else all of them."""
    criteria = task["rubric"]["criteria"]
    judge = task.get("judge")
    if not judge:
        return criteria
    wanted = set(judge["criteria"])
    return [c for c in criteria if c["key"] in wanted]


def judge_settings(task):
    """The deployed judge's provider kind, model, endpoint and sampling, or None (the format's default judge).
    base_url is the deployed provider's (OpenAI-compatible: up to /v1; Anthropic: without /v1)."""
    judge = task.get("judge")
    if not judge:
        return None
    return {
        "kind": judge["kind"],
        "model": judge["model"],
        "base_url": judge.get("baseUrl") or None,
        "temperature": judge["temperature"],
        "max_tokens": judge["maxTokens"],
    }


TRANSCRIPT_MESSAGE_CHARS = 20_000


def quote_answer(response, nonce):
    """The answer as the studio quotes a transcript to its judge: one assistant message between nonce markers."""
    text = response
    if len(text) > TRANSCRIPT_MESSAGE_CHARS:
        omitted = len(text) - TRANSCRIPT_MESSAGE_CHARS
        text = text[:TRANSCRIPT_MESSAGE_CHARS] + "\n[\u2026 %d more characters omitted \u2026]" % omitted
    block = ("[message 0 \u00b7 assistant]\n" + text).replace("transcript-" + nonce, "transcript-(quoted)")
    return "<transcript-%s>\n%s\n</transcript-%s>" % (nonce, block, nonce)


def judge_messages_for(task, response):
    """The chat messages for the judge: the deployed judge's system and user messages, else the template's prompt."""
    judge = task.get("judge")
    if not judge:
        return [{"role": "user", "content": judge_prompt_for(task, response)}]
    import secrets

    nonce = secrets.token_hex(8)
    transcript = quote_answer(response, nonce)
    return [
        {"role": "system", "content": judge["system"].replace("${JUDGE_NONCE}", nonce)},
        {"role": "user", "content": judge["message"].replace("${JUDGE_TRANSCRIPT}", transcript)},
    ]


def judge_reply_is_complete(task, reply):
    """Whether the reply scores every judged criterion (graders ask once more when it doesn't)."""
    return len(parse_judge_scores(reply, judged_criteria(task), strict=bool(task.get("judge")))) == len(
        judged_criteria(task)
    )


def judge_prompt_for(task, response):
    """The judge's prompt for a response: the task's template with its message, key and criteria."""
    return render_judge_prompt(
        task["rubric"]["judgeTemplate"], task["agentMessage"], response, task["answerKey"], task["rubric"]["criteria"]
    )
`;

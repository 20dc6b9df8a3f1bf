import { isObject } from "@/lib/imports/read/json-value";
import { type HeadView, readSampleKeys, viewHead } from "@/lib/imports/read/sniff";
import type { FormatSample } from "@/lib/imports/types";

// Files that travel with transcripts but hold none: run summaries, scores, configs. Importing one
// by mistake is common (they sit in the same folders), so instead of "choose a format" the user
// learns what the file is and which file to import instead.

type KnownFile = { isMatch: (name: string, keys: string[]) => boolean; describe: string };

const has = (keys: string[], ...names: string[]) => names.some((name) => keys.includes(name));

const KNOWN_FILES: KnownFile[] = [
  {
    isMatch: (_name, keys) =>
      has(keys, "results") &&
      has(keys, "n_resolved", "resolved_ids", "unresolved_ids", "accuracy", "pass_at_k"),
    describe:
      "a Terminal-Bench run summary (results.json: each task's pass/fail and token counts, no transcript); " +
      "import the agent's transcripts instead: each trial's agent/trajectory.json (ATIF) or the agent's own session logs",
  },
  {
    isMatch: (_name, keys) =>
      has(keys, "verifier_result", "agent_result") || (has(keys, "trial_name") && has(keys, "task_name")),
    describe:
      "a Harbor trial result (result.json: reward, timing and token counts, no transcript); " +
      "import agent/trajectory.json from the same trial folder, which reads its reward from this file",
  },
  {
    isMatch: (_name, keys) => has(keys, "n_total_trials") || (has(keys, "stats") && has(keys, "n_trials")),
    describe:
      "a Harbor job summary (result.json: trial counts and mean reward, no transcript); " +
      "import the trials' agent/trajectory.json files (or the whole job folder)",
  },
  {
    isMatch: (_name, keys) =>
      has(keys, "env_id", "env") &&
      has(keys, "avg_reward", "avg_metrics", "rollouts_per_example", "num_examples"),
    describe:
      "a verifiers run's metadata.json (model, environment and averages, no transcript); " +
      "import the results.jsonl beside it, which reads this file for its run details",
  },
  {
    isMatch: (name, keys) =>
      name === "metrics.json" && has(keys, "success", "instruction", "total_tokens", "turns", "cost"),
    describe:
      "a run's metrics.json (outcome, timing and token counts, no transcript); " +
      "import the trajectory file beside it (trajectory.json)",
  },
  {
    isMatch: (name, keys) =>
      name === "config.json" && has(keys, "agent", "task", "trial_name", "environment"),
    describe:
      "a run configuration (config.json, no transcript); import the trajectory files of the run instead",
  },
];

// Transcript formats the studio doesn't read (yet): named, so nobody retries with another --format.
const UNREAD = "which the studio doesn't read";

/** Other producers' transcripts, told apart by their own markers (each producer's source; see docs/formats/README.md). */
function describeOtherTranscript(sample: FormatSample, view: HeadView): string | null {
  const text = view.text;
  if (/^version https:\/\/git-lfs\.github\.com\/spec\/v1\s*\n/.test(text)) {
    return (
      "this file is a Git LFS pointer, not the file itself (a few lines naming its oid and size); " +
      "fetch the real file (`git lfs pull`, or download it from the repository's web page) and import that"
    );
  }
  const name = sample.name.toLowerCase();
  if (name.endsWith(".aider.chat.history.md") || /^# aider chat started at /m.test(text.slice(0, 2_000))) {
    return `this file is an Aider chat history (.aider.chat.history.md, Markdown), ${UNREAD}`;
  }
  if (view.opening !== "{" && view.opening !== "[") return null;
  const first = view.records[0];
  const keys = isObject(first) ? Object.keys(first) : readSampleKeys(sample, view);
  if (
    keys.includes("log") &&
    (isObject(first)
      ? isObject(first.log) && Array.isArray(first.log.entries)
      : /"entries"\s*:\s*\[/.test(text))
  ) {
    return `this file is an HTTP recording (HAR: request and response pairs of a browser or proxy), ${UNREAD}; import the model calls as Anthropic or OpenAI request/response JSONL instead`;
  }
  const isPromptLog =
    view.opening === "[" &&
    view.records.length > 0 &&
    view.records.every(
      (record) =>
        isObject(record) && "sessionId" in record && "messageId" in record && record.type === "user",
    );
  if (isPromptLog) {
    return `this file is a Gemini CLI prompt log (logs.json: the user's prompts only, no replies), ${UNREAD}`;
  }
  return null;
}

/** What a file that holds no transcript is, and what to import instead; null when it is not one we know. */
export function describeNonTranscript(sample: FormatSample): string | null {
  const view = viewHead(sample.head);
  const other = describeOtherTranscript(sample, view);
  if (other) return other;
  if (view.opening !== "{") return null;
  const keys =
    view.isWholeDocument && isObject(view.records[0])
      ? Object.keys(view.records[0])
      : readSampleKeys(sample, view);
  const name = sample.name.toLowerCase();
  const known = KNOWN_FILES.find((file) => file.isMatch(name, keys));
  return known ? `this file is ${known.describe}` : null;
}

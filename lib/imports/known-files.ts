import { isObject } from "@/lib/imports/read/json-value";
import { readSampleKeys, viewHead } from "@/lib/imports/read/sniff";
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

/** What a file that holds no transcript is, and what to import instead; null when it is not one we know. */
export function describeNonTranscript(sample: FormatSample): string | null {
  const view = viewHead(sample.head);
  if (view.opening !== "{") return null;
  const keys =
    view.isWholeDocument && isObject(view.records[0])
      ? Object.keys(view.records[0])
      : readSampleKeys(sample, view);
  const name = sample.name.toLowerCase();
  const known = KNOWN_FILES.find((file) => file.isMatch(name, keys));
  return known ? `this file is ${known.describe}` : null;
}

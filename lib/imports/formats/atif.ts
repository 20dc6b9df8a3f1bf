import { basename, dirname, join } from "node:path";
import { getArray, getNumber, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { readFileHead } from "@/lib/imports/read/read-file-head";
import { readJsonDocument } from "@/lib/imports/read/read-json-records";
import { findJsonString, readSampleKeys, viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  NormalizedRollout,
  ParsedRecord,
} from "@/lib/imports/types";
import { mapAtifSteps } from "./atif-steps";
import { mapJsonRecords } from "./shared/map-records";
import { buildRollout, collectNumbers } from "./shared/rollout";

// ATIF trajectory.json (v1.0–v1.7, and bare "1.x" versions) or a JSON array of trajectories. ATIF
// has no reward: for a single trajectory it comes from the Harbor trial beside it (`result.json`,
// `verifier/reward.txt|json`, looked up in the file's folder and, for `agent/trajectory.json`, the
// trial folder above) or from a `metrics.json` with a boolean `success`.

export const atifImporter: FormatImporter = {
  format: "atif",
  label: "ATIF trajectory (Harbor / Terminal-Bench)",
  detect: detectAtif,
  parse: parseAtif,
};

type TrialOutcome = {
  reward: number | null;
  scores: Record<string, number>;
  taskKey: string | null;
  error: string | null;
  startedAt: string | null;
  endedAt: string | null;
  metadata: Record<string, unknown>;
};

export function isAtifTrajectory(value: unknown): value is Record<string, unknown> {
  if (!isObject(value) || !Array.isArray(value.steps)) return false;
  const version = getText(value.schema_version) ?? "";
  return version.startsWith("ATIF") || (/^\d+\.\d+/.test(version) && isObject(value.agent));
}

function detectAtif(sample: FormatSample): number {
  const view = viewHead(sample.head);
  const first = view.records[0];
  if (first !== undefined) return isAtifTrajectory(first) ? 95 : 0;
  const keys = readSampleKeys(sample, view);
  const version = keys.includes("schema_version") ? findJsonString(view.text, "schema_version") : undefined;
  if (version?.startsWith("ATIF")) return 90;
  return version && /^\d+\.\d+/.test(version) && keys.includes("steps") ? 75 : 0;
}

async function* parseAtif(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const view = viewHead(await readFileHead(source.path));
  if (view.opening === "[") {
    yield* mapJsonRecords({ source, limits, layout: "array", map: (value) => [mapTrajectory(value, null)] });
    return;
  }
  const outcome = await readTrialOutcome(source.path, limits);
  yield* mapJsonRecords({
    source,
    limits,
    layout: "document",
    map: (value) => [mapTrajectory(value, outcome)],
  });
}

export function mapTrajectory(value: unknown, outcome: TrialOutcome | null): NormalizedRollout {
  if (!isObject(value)) throw new ImportRecordError("trajectory is not a JSON object");
  if (!Array.isArray(value.steps)) throw new ImportRecordError('trajectory has no "steps" list');
  const agent = getObject(value.agent) ?? {};
  const extra = getObject(value.extra) ?? {};
  const defaultModel = getText(agent.model_name) ?? getText(agent.model) ?? null;
  const messages = mapAtifSteps(value.steps, defaultModel);
  const timestamps = getArray(value.steps)
    .map((step) => toIsoTime(getObject(step)?.timestamp))
    .filter(Boolean);
  const subagents = getArray(value.subagent_trajectories).filter(isObject);
  return buildRollout({
    externalId: getText(value.trajectory_id) ?? getText(value.session_id) ?? null,
    taskKey:
      outcome?.taskKey ?? getText(extra.task) ?? getText(extra.task_name) ?? getText(extra.task_id) ?? null,
    model: defaultModel ?? messages.find((message) => message.model)?.model ?? null,
    harness: getText(agent.name) ?? null,
    reward: outcome?.reward ?? null,
    scores: outcome && Object.keys(outcome.scores).length > 0 ? outcome.scores : undefined,
    status: outcome?.error ? "error" : "completed",
    error: outcome?.error ?? null,
    messages,
    metadata: {
      schemaVersion: value.schema_version,
      agent: { name: agent.name, version: agent.version, provider: agent.provider, extra: agent.extra },
      finalMetrics: value.final_metrics,
      notes: value.notes,
      extra: value.extra,
      continuedTrajectoryRef: value.continued_trajectory_ref,
      subagents: subagents.map((child) => ({
        trajectoryId: child.trajectory_id,
        sessionId: child.session_id,
        agent: getText(getObject(child.agent)?.name),
        steps: getArray(child.steps).length,
      })),
      trial: outcome?.metadata,
    },
    original: value,
    startedAt: outcome?.startedAt ?? timestamps[0] ?? null,
    endedAt: outcome?.endedAt ?? timestamps.at(-1) ?? null,
  });
}

/** Reward and task from the files a Harbor trial (or a Terminal-Bench run) keeps beside the trajectory. */
async function readTrialOutcome(path: string, limits: ImportLimits): Promise<TrialOutcome | null> {
  const folder = dirname(path);
  const trialFolder = basename(folder) === "agent" ? dirname(folder) : folder;
  const small = { ...limits, maxBytes: 4 * 1024 * 1024 };
  const result = getObject(await readOptionalJson(join(trialFolder, "result.json"), small));
  const metrics = getObject(await readOptionalJson(join(folder, "metrics.json"), small));
  const rewardJson = getObject(await readOptionalJson(join(trialFolder, "verifier", "reward.json"), small));
  const rewardText = await readOptionalText(join(trialFolder, "verifier", "reward.txt"));
  if (!result && !metrics && !rewardJson && rewardText === null) return null;
  const rewards = getObject(getObject(result?.verifier_result)?.rewards) ?? rewardJson ?? {};
  const scores = collectNumbers(rewards);
  const keys = Object.keys(scores);
  let reward: number | null = "reward" in scores ? scores.reward : keys.length === 1 ? scores[keys[0]] : null;
  if (reward === null && rewardText !== null) reward = getNumber(rewardText.trim()) ?? null;
  if (reward === null && typeof metrics?.success === "boolean") {
    const success = metrics.success ? 1 : 0;
    scores.success = success;
    reward = success;
  }
  const exception = getObject(result?.exception_info);
  return {
    reward,
    scores,
    taskKey: getText(result?.task_name) ?? getText(result?.task_id) ?? null,
    error: exception
      ? [getText(exception.exception_type), getText(exception.exception_message)].filter(Boolean).join(": ")
      : null,
    startedAt: toIsoTime(result?.started_at ?? metrics?.start_time),
    endedAt: toIsoTime(result?.finished_at ?? metrics?.end_time),
    metadata: {
      trialName: result?.trial_name,
      agentResult: result?.agent_result,
      metrics: metrics ?? undefined,
    },
  };
}

/** A sibling JSON file, or null when it is missing, too large or malformed (it is optional context). */
async function readOptionalJson(path: string, limits: ImportLimits & { maxBytes: number }): Promise<unknown> {
  try {
    return await readJsonDocument(path, limits);
  } catch {
    return null;
  }
}

/** A small sibling text file (reward.txt holds one number), or null when missing. */
async function readOptionalText(path: string): Promise<string | null> {
  try {
    return (await readFileHead(path, 1024)).toString("utf8");
  } catch {
    return null;
  }
}

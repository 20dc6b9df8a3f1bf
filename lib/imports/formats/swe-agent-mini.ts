import { z } from "zod";
import { getNumber, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { NormalizedMessage, NormalizedRollout } from "@/lib/imports/types";
import { mapOpenAiMessages, readOpenAiUsage } from "./shared/openai-messages";
import { buildRollout } from "./shared/rollout";
import { readExitStatus, readInstanceIdFromName } from "./swe-agent-status";
import { describeZodIssue } from "./zod-issue";

// mini-swe-agent trajectories: `{trajectory_format: "mini-swe-agent-1[.x]", info, messages}` with
// OpenAI chat messages (v2 adds `tool`/`exit` roles and per-message `extra`: raw response, return code).

const text = z.string().nullish();

export const miniSweAgentSchema = z.looseObject({
  trajectory_format: text,
  instance_id: text,
  messages: z.array(z.unknown()),
  info: z
    .looseObject({
      exit_status: text,
      submission: text,
      exception_str: text,
      traceback: text,
      mini_version: text,
      model_stats: z.record(z.string(), z.unknown()).nullish(),
      config: z.unknown().optional(),
    })
    .nullish(),
});

/** Maps one mini-swe-agent trajectory; task key = `instance_id`, else the file name stem. */
export function mapMiniSweAgent(value: unknown, fileName: string): NormalizedRollout {
  const parsed = miniSweAgentSchema.safeParse(value);
  if (!parsed.success) {
    throw new ImportRecordError(`not a mini-swe-agent trajectory: ${describeZodIssue(parsed.error)}`);
  }
  const traj = parsed.data;
  const messages = mapOpenAiMessages(traj.messages).map((message, index) =>
    addExtra(message, getObject(getObject(traj.messages[index])?.extra)),
  );
  const info = traj.info ?? {};
  const config = readConfig(info.config);
  const exitStatus = info.exit_status ?? undefined;
  const status = readExitStatus(exitStatus);
  const instanceId = traj.instance_id ?? readInstanceIdFromName(fileName);
  const metadata: Record<string, unknown> = { exitStatus: exitStatus ?? null };
  if (info.submission) metadata.submission = info.submission;
  if (info.model_stats) metadata.modelStats = info.model_stats;
  if (info.mini_version) metadata.miniVersion = info.mini_version;
  if (traj.trajectory_format) metadata.trajectoryFormat = traj.trajectory_format;
  if (info.traceback) metadata.traceback = info.traceback;
  const model =
    getText(getObject(config?.model)?.model_name) ?? messages.find((message) => message.model)?.model ?? null;
  return buildRollout({
    externalId: instanceId,
    taskKey: instanceId,
    model,
    harness: "mini-swe-agent",
    reward: getNumber(getObject(value)?.reward) ?? null,
    status,
    error: status === "error" ? (info.exception_str ?? exitStatus ?? null) : null,
    messages,
    metadata,
    original: value,
  });
}

/** `extra` carries the raw model response (model, usage) on assistant turns and the return code on results. */
function addExtra(message: NormalizedMessage, extra: Record<string, unknown> | undefined): NormalizedMessage {
  if (!extra) return message;
  const next = { ...message };
  const response = getObject(extra.response);
  const tokens = readOpenAiUsage(response?.usage);
  if (tokens && !next.tokens) next.tokens = tokens;
  const model = getText(response?.model);
  if (model && !next.model) next.model = model;
  const createdAt = toIsoTime(extra.timestamp ?? response?.created);
  if (createdAt && !next.createdAt) next.createdAt = createdAt;
  const returnCode = getNumber(extra.returncode);
  if (returnCode !== undefined) next.metadata = { ...next.metadata, returnCode };
  const exceptionInfo = getText(extra.exception_info);
  if (exceptionInfo) next.error = exceptionInfo;
  return next;
}

/** `info.config` is an object in v2 and a JSON string in some dumps. */
function readConfig(value: unknown): Record<string, unknown> | undefined {
  if (isObject(value)) return value;
  if (typeof value !== "string") return undefined;
  try {
    return getObject(JSON.parse(value));
  } catch {
    return undefined;
  }
}

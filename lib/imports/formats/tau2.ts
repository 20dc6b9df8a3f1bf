import { getNumber, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { readSampleKeys, viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  NormalizedMessage,
  NormalizedRollout,
  ParsedRecord,
  RolloutStatus,
  TokenCounts,
  ToolCall,
} from "@/lib/imports/types";
import { readKeyedArrayDocument } from "./keyed-array-document";
import { describeMappingError } from "./shared/map-records";
import { joinText } from "./shared/message-text";
import { buildRollout, collectNumbers } from "./shared/rollout";

// τ²-bench results (`tau2 run` → data/simulations/<name>.json), written by sierra-research/tau2-bench
// (`src/tau2/data_model/simulation.py` Results/Info/SimulationRun/RewardInfo, `message.py`):
// `{timestamp, info: {agent_info, user_info, environment_info, num_trials, seed, …}, tasks,
// simulations: [SimulationRun]}`. Each simulation is one rollout; the simulations array is streamed.
// See docs/formats/tau2-bench.md.

export const tau2Importer: FormatImporter = {
  format: "tau2",
  label: "τ²-bench results (simulations)",
  detect: detectTau2,
  parse: parseTau2,
};

export function detectTau2(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "{") return 0;
  const keys = readSampleKeys(sample, view);
  if (!keys.includes("simulations") || !keys.includes("info")) return 0;
  return /"(agent_info|user_info|environment_info|termination_reason)"\s*:/.test(view.text) ? 90 : 50;
}

type Tau2Context = {
  model: string | null;
  userModel: string | null;
  agent: string | null;
  domain: string | null;
  info: Record<string, unknown>;
};

async function* parseTau2(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const file = source.name;
  let context: Tau2Context | null = null;
  let count = 0;
  for await (const item of readKeyedArrayDocument(source.path, {
    key: "simulations",
    noun: "simulation",
    limits,
  })) {
    if (item.kind === "header") {
      context = readContext(item.value);
    } else if (item.kind === "error") {
      yield { kind: "error", file, record: item.index, line: item.line, message: item.message };
    } else if (context) {
      count += 1;
      const at = { record: item.index, line: item.line };
      try {
        yield { kind: "rollout", file, ...at, rollout: mapSimulation(item.value, context) };
      } catch (error) {
        yield {
          kind: "error",
          file,
          ...at,
          message: `simulation ${item.index}: ${describeMappingError(error)}`,
        };
      }
    }
  }
  if (count === 0) yield { kind: "error", file, message: "the results hold no simulations" };
}

function readContext(value: unknown): Tau2Context {
  const info = isObject(value) ? getObject(value.info) : undefined;
  if (!info) throw new ImportRecordError('not τ²-bench results: no "info" object');
  const agent = getObject(info.agent_info);
  const user = getObject(info.user_info);
  const environment = getObject(info.environment_info);
  const { tool_defs: _tools, policy: _policy, ...environmentRest } = environment ?? {};
  return {
    model: getText(agent?.llm) ?? null,
    userModel: getText(user?.llm) ?? null,
    agent: getText(agent?.implementation) ?? null,
    domain: getText(environment?.domain_name) ?? null,
    info: {
      gitCommit: info.git_commit,
      numTrials: info.num_trials,
      maxSteps: info.max_steps,
      maxErrors: info.max_errors,
      seed: info.seed,
      agent: agent ?? null,
      user: user ?? null,
      environment: environmentRest,
    },
  };
}

const STATUS_BY_TERMINATION: Record<string, RolloutStatus> = {
  max_steps: "truncated",
  too_many_errors: "error",
  invalid_agent_message: "error",
};

export function mapSimulation(value: unknown, context: Tau2Context): NormalizedRollout {
  if (!isObject(value) || !Array.isArray(value.messages))
    throw new ImportRecordError('not a τ²-bench simulation: no "messages" list');
  const messages = value.messages.map((raw, index) => mapMessage(raw, index));
  const rewardInfo = getObject(value.reward_info);
  const termination = getText(value.termination_reason) ?? null;
  const status = (termination && STATUS_BY_TERMINATION[termination]) || "completed";
  const scores = {
    ...collectNumbers(rewardInfo?.reward_breakdown),
    ...(getNumber(getObject(rewardInfo?.db_check)?.db_reward) !== undefined
      ? { db: getNumber(getObject(rewardInfo?.db_check)?.db_reward) as number }
      : {}),
  };
  const trial = getNumber(value.trial);
  return buildRollout({
    externalId: getText(value.id) ?? null,
    taskKey: value.task_id == null ? null : String(value.task_id),
    model: context.model,
    harness: context.agent ? `tau2-bench/${context.agent}` : "tau2-bench",
    reward: getNumber(rewardInfo?.reward) ?? null,
    scores: Object.keys(scores).length > 0 ? scores : undefined,
    status,
    error: status === "error" ? `terminated: ${termination}` : null,
    messages,
    metadata: {
      environment: context.domain,
      domain: context.domain,
      userModel: context.userModel,
      trial: trial ?? null,
      seed: value.seed ?? null,
      terminationReason: termination,
      agentCost: value.agent_cost ?? null,
      userCost: value.user_cost ?? null,
      duration: value.duration ?? null,
      rewardInfo: rewardInfo ?? null,
      run: context.info,
    },
    original: value,
    startedAt: toIsoTime(value.start_time),
    endedAt: toIsoTime(value.end_time),
  });
}

function mapMessage(raw: unknown, index: number): NormalizedMessage {
  if (!isObject(raw)) throw new ImportRecordError(`messages[${index}] is not a message object`);
  const role = getText(raw.role);
  if (role !== "assistant" && role !== "user" && role !== "tool" && role !== "system")
    throw new ImportRecordError(`messages[${index}] has an unknown role "${String(raw.role)}"`);
  const text = typeof raw.content === "string" ? raw.content : "";
  const metadata: Record<string, unknown> = { index };
  if (raw.turn_idx != null) metadata.turnIdx = raw.turn_idx;
  if (raw.cost != null) metadata.cost = raw.cost;
  if (role === "tool") {
    const requestor = getText(raw.requestor) ?? "assistant";
    metadata.requestor = requestor;
    return {
      role: "tool",
      text,
      toolCallId: getText(raw.id) ?? null,
      ...(raw.error === true ? { error: text || "tool error" } : {}),
      createdAt: toIsoTime(raw.timestamp),
      metadata,
    };
  }
  const toolCalls: ToolCall[] = (Array.isArray(raw.tool_calls) ? raw.tool_calls : [])
    .filter(isObject)
    .map((call, position) => ({
      id: getText(call.id) || `tau2-${index}-${position}`,
      name: getText(call.name) ?? "tool",
      arguments: call.arguments ?? {},
    }));
  // In the dual-control domains the simulated user calls tools on its own device too.
  if (role === "user" && toolCalls.length > 0) metadata.toolCallsBy = "user";
  const reasoning = readThinking(getObject(raw.raw_data));
  return {
    role,
    text,
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...(reasoning ? { reasoning } : {}),
    tokens: readUsage(getObject(raw.usage)),
    createdAt: toIsoTime(raw.timestamp),
    metadata,
  };
}

/** Thinking the model returned, as `raw_data` (the provider's response through LiteLLM) holds it. */
function readThinking(raw: Record<string, unknown> | undefined): string | null {
  if (!raw) return null;
  const choice = Array.isArray(raw.choices) ? getObject(raw.choices[0]) : undefined;
  const message = getObject(choice?.message) ?? raw;
  const texts: string[] = [];
  const reasoning = getText(message.reasoning_content) ?? getText(message.reasoning);
  if (reasoning) texts.push(reasoning);
  for (const blocks of [message.thinking_blocks, message.content, raw.content]) {
    if (!Array.isArray(blocks)) continue;
    for (const block of blocks) {
      if (isObject(block) && block.type === "thinking" && typeof block.thinking === "string")
        texts.push(block.thinking);
    }
  }
  const text = joinText([...new Set(texts)]);
  return text || null;
}

function readUsage(usage: Record<string, unknown> | undefined): TokenCounts | null {
  if (!usage) return null;
  const input = getNumber(usage.prompt_tokens) ?? getNumber(usage.input_tokens);
  const output = getNumber(usage.completion_tokens) ?? getNumber(usage.output_tokens);
  if (input === undefined && output === undefined) return null;
  const tokens: TokenCounts = {};
  if (input !== undefined) tokens.input = input;
  if (output !== undefined) tokens.output = output;
  tokens.total = getNumber(usage.total_tokens) ?? (input ?? 0) + (output ?? 0);
  return tokens;
}

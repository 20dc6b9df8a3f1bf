import { getArray, getNumber, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { NormalizedMessage, NormalizedRollout } from "@/lib/imports/types";
import { mapOpenAiMessage } from "./shared/openai-messages";
import { buildRollout, collectNumbers, splitUsage } from "./shared/rollout";

// verifiers v1 `traces.jsonl`: `nodes` is a message graph; every root→leaf path is one sampled
// conversation, so a trace with branches yields one rollout per leaf.

/** Per-token arrays that dominate trace size; `original` keeps their length only. */
const TOKEN_ARRAYS = ["token_ids", "logprobs", "mask", "advantages"];

export function mapVerifiersTrace(trace: Record<string, unknown>): NormalizedRollout[] {
  const nodes = getArray(trace.nodes);
  if (nodes.length === 0) throw new ImportRecordError('trace has an empty "nodes" graph');
  const parents = nodes.map((node, index) => readParent(node, index, nodes.length));
  const referenced = new Set(parents.filter((parent): parent is number => parent !== null));
  const leaves = nodes.map((_node, index) => index).filter((index) => !referenced.has(index));
  const { reward, scores, usage } = readRewards(trace);
  const errors = getArray(trace.errors)
    .map((error) =>
      isObject(error) ? [getText(error.type), getText(error.message)].filter(Boolean).join(": ") : "",
    )
    .filter((text) => text !== "");
  const task = getObject(trace.task);
  const taskData = getObject(task?.data);
  const calls = getArray(trace.calls).filter(isObject);
  const id = getText(trace.id) ?? null;
  const original = slimTrace(trace);
  return leaves.map((leaf, branch) => {
    const messages = walkPath(leaf, parents).map((index) => mapNode(nodes[index], index));
    const error = errors.length > 0 ? errors.join("\n") : null;
    const timing = getObject(trace.timing);
    return buildRollout({
      externalId: id && leaves.length > 1 ? `${id}#${branch}` : id,
      taskKey:
        getText(task?.key) ??
        getText(taskData?.name) ??
        (taskData?.idx !== undefined ? String(taskData.idx) : null),
      model: getText(calls[0]?.model) ?? null,
      harness: "verifiers",
      reward,
      scores: Object.keys(scores).length > 0 ? scores : undefined,
      status: error || trace.ok === false ? "error" : "completed",
      error: error ?? (trace.ok === false ? "the trace is marked not ok" : null),
      messages,
      metadata: {
        version: trace.version,
        task: task ? { type: task.type, key: task.key, hash: task.hash } : undefined,
        answer: taskData?.answer,
        agent: getText(getObject(trace.agent)?.name),
        stopCondition: trace.stop_condition,
        isCompleted: trace.is_completed,
        info: trace.info,
        usage: Object.keys(usage).length > 0 ? usage : undefined,
        branch: leaves.length > 1 ? branch : undefined,
      },
      original,
      startedAt: toIsoTime(timing?.start),
    });
  });
}

function readParent(node: unknown, index: number, count: number): number | null {
  if (!isObject(node)) throw new ImportRecordError(`nodes[${index}] is not an object`);
  if (node.parent === null || node.parent === undefined) return null;
  const parent = getNumber(node.parent);
  if (
    parent === undefined ||
    !Number.isInteger(parent) ||
    parent < 0 ||
    parent >= count ||
    parent === index
  ) {
    throw new ImportRecordError(
      `nodes[${index}].parent (${JSON.stringify(node.parent)}) is not a node index`,
    );
  }
  return parent;
}

/** Node indices from the root down to `leaf`; a parent cycle is refused. */
function walkPath(leaf: number, parents: Array<number | null>): number[] {
  const path: number[] = [];
  const seen = new Set<number>();
  for (let at: number | null = leaf; at !== null; at = parents[at]) {
    if (seen.has(at)) throw new ImportRecordError(`nodes form a cycle at node ${at}`);
    seen.add(at);
    path.push(at);
  }
  return path.reverse();
}

function mapNode(node: unknown, index: number): NormalizedMessage {
  const object = getObject(node) ?? {};
  const message = mapOpenAiMessage(object.message, `nodes[${index}].message`);
  const createdAt = toIsoTime(object.timestamp);
  if (createdAt) message.createdAt = createdAt;
  if (object.sampled === true) message.metadata = { ...message.metadata, sampled: true };
  return message;
}

/**
 * `rewards {name: {score, weight} | null}`: the reward is Σ score·weight; metrics join the scores,
 * except token counts and costs, which are usage.
 */
function readRewards(trace: Record<string, unknown>): {
  reward: number | null;
  scores: Record<string, number>;
  usage: Record<string, number>;
} {
  const { scores, usage } = splitUsage(collectNumbers(trace.metrics));
  let reward: number | null = null;
  for (const [name, entry] of Object.entries(getObject(trace.rewards) ?? {})) {
    const score = getNumber(getObject(entry)?.score ?? entry);
    if (score === undefined) continue;
    scores[name] = score;
    reward = (reward ?? 0) + score * (getNumber(getObject(entry)?.weight) ?? 1);
  }
  return { reward, scores, usage };
}

function slimTrace(trace: Record<string, unknown>): Record<string, unknown> {
  const nodes = getArray(trace.nodes).map((node) => {
    if (!isObject(node)) return node;
    const slim: Record<string, unknown> = { ...node };
    for (const key of TOKEN_ARRAYS) {
      if (Array.isArray(node[key])) slim[key] = `[elided ${node[key].length} items]`;
    }
    return slim;
  });
  return { ...trace, nodes };
}

import { getArray, getNumber, getObject, getText } from "@/lib/imports/read/json-value";
import type { NormalizedMessage } from "@/lib/imports/types";
import { joinText, stringifyContent } from "./shared/message-text";

// Helpers of the Karotte transcript builder: reasoning blocks, injected counters, tool results,
// token usage and scoring metadata.

const COUNTER_LINE = /^(Time remaining: [\d.]+ seconds?|Context remaining: [\d,]+)\s*$/;
const GRADER_FAILURE_KEYS = ["CalledProcessError", "json_read_error", "tempdir_error", "FileNotFoundError"];
const MAX_METADATA_CHARS = 10_000;

export type Usage = {
  input: number;
  output: number;
  cacheRead: number | null;
  cacheWrite: number | null;
  isEstimated: boolean;
};
export type Scoring = {
  step: number | null;
  score: number | null;
  continueTask: boolean | null;
  metadata: Record<string, unknown>;
};

/** `thinking_blocks` (Claude) or `reasoning_items` summaries (OpenAI Responses), kept opaque otherwise. */
export function readProviderReasoning(raw: Record<string, unknown>): string | null {
  const thinking = getArray(raw.thinking_blocks).map((block) => getText(getObject(block)?.thinking));
  const summaries = getArray(raw.reasoning_items).flatMap((item) =>
    getArray(getObject(item)?.summary).map((part) => getText(getObject(part)?.text)),
  );
  return joinText([...thinking, ...summaries]) || null;
}

/** The time/context counters the harness appends to the last tool result of a turn. */
export function findCounters(text: string): string[] {
  const lines = text.split("\n");
  const counters: string[] = [];
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i].trim();
    if (line === "" && counters.length > 0) continue;
    if (!COUNTER_LINE.test(line)) break;
    counters.unshift(line);
  }
  return counters;
}

/** The MCP result of a call: error flag and structured output (bash: stdout, stderr, exit_code). */
export function applyResult(
  message: NormalizedMessage,
  metadata: Record<string, unknown>,
  result: Record<string, unknown>,
): void {
  const structured = getObject(result.structuredContent);
  if (structured) {
    const { _karotte_resource_metrics: _metrics, ...rest } = structured;
    metadata.structuredContent = rest;
    const exitCode = getNumber(rest.exit_code);
    if (exitCode !== undefined) metadata.exitCode = exitCode;
  }
  if (result.isError === true) {
    const first = getObject(getArray(result.content)[0]);
    message.error = getText(first?.text) ?? (message.text || "tool error");
  }
}

/** The k-th usage event belongs to the k-th assistant turn (their relative order is not guaranteed). */
export function assignUsage(messages: NormalizedMessage[], assistantIndexes: number[], usages: Usage[]) {
  if (usages.length === 0) return null;
  usages.forEach((usage, k) => {
    const index = assistantIndexes[k];
    if (index === undefined) return;
    const message = messages[index];
    message.tokens = { input: usage.input, output: usage.output, total: usage.input + usage.output };
    if (usage.isEstimated) message.metadata = { ...message.metadata, tokensEstimated: true };
  });
  const sum = (pick: (usage: Usage) => number | null) =>
    usages.reduce((total, usage) => total + (pick(usage) ?? 0), 0);
  return {
    input: sum((usage) => usage.input),
    output: sum((usage) => usage.output),
    cacheRead: sum((usage) => usage.cacheRead),
    cacheWrite: sum((usage) => usage.cacheWrite),
    isEstimated: usages.some((usage) => usage.isEstimated),
  };
}

/**
 * Per-step scores (`step_<n>`) and RubricJudge verdicts (`step_<n>.criterion_<i>`: ✓ → 1, ✗ → 0),
 * the first misbehaviour message, and whether a grader script itself failed.
 */
export function readScorings(scorings: Scoring[]) {
  const scores: Record<string, number> = {};
  let misbehavior: string | null = null;
  let isGraderFailure = false;
  scorings.forEach((scoring, index) => {
    const key = `step_${scoring.step ?? index}`;
    if (scoring.score !== null) scores[key] = scoring.score;
    for (const [name, value] of Object.entries(scoring.metadata)) {
      const criterion = /^criterion_(\d+)_/.exec(name);
      const verdict = typeof value === "string" ? value.trimStart()[0] : undefined;
      if (criterion && (verdict === "✓" || verdict === "✗"))
        scores[`${key}.criterion_${criterion[1]}`] = verdict === "✓" ? 1 : 0;
    }
    misbehavior ??= getText(scoring.metadata.misbehavior) ?? null;
    if (GRADER_FAILURE_KEYS.some((name) => name in scoring.metadata)) isGraderFailure = true;
  });
  return { scores, misbehavior, isGraderFailure };
}

/** Scoring metadata values can be 1 MiB each; the full text stays in `original`. */
export function capValues(metadata: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata)) {
    const text = typeof value === "string" ? value : stringifyContent(value);
    out[key] = text.length > MAX_METADATA_CHARS ? `${text.slice(0, MAX_METADATA_CHARS)}… [truncated]` : value;
  }
  return out;
}

import type { NormalizedMessage, ToolCall } from "@/lib/imports/types";

/**
 * Makes tool linkage consistent across a rollout:
 * - a call without an id gets `call-<message>-<n>` (message index in this list, n from 0);
 * - a tool result without a usable id takes the next unanswered call of the latest assistant turn
 *   (positional matching, as OpenAI-style dumps without ids expect);
 * - a result whose id matches no earlier call keeps that id in `metadata.sourceToolCallId` only,
 *   so every `toolCallId` left points at a real call before it;
 * - `toolName` is filled from the call when the result lacks it.
 */
export function linkToolResults(messages: NormalizedMessage[]): NormalizedMessage[] {
  const callsById = new Map<string, ToolCall>();
  let pending: ToolCall[] = [];
  return messages.map((message, index) => {
    if (message.toolCalls && message.toolCalls.length > 0) {
      const toolCalls = message.toolCalls.map((call, n) =>
        call.id ? call : { ...call, id: `call-${index}-${n}` },
      );
      for (const call of toolCalls) callsById.set(call.id, call);
      pending = [...toolCalls];
      return { ...message, toolCalls };
    }
    if (message.role !== "tool") return message;
    const sourceId = message.toolCallId ?? null;
    let call = sourceId ? callsById.get(sourceId) : undefined;
    if (!call && (!sourceId || pending.length > 0)) call = takePending(pending, message.toolName ?? null);
    if (call) pending = pending.filter((candidate) => candidate !== call);
    if (!call) {
      if (!sourceId) return { ...message, toolCallId: null };
      return { ...message, toolCallId: null, metadata: { ...message.metadata, sourceToolCallId: sourceId } };
    }
    const linked: NormalizedMessage = {
      ...message,
      toolCallId: call.id,
      toolName: message.toolName ?? call.name,
    };
    if (sourceId && sourceId !== call.id)
      linked.metadata = { ...message.metadata, sourceToolCallId: sourceId };
    return linked;
  });
}

/** The first unanswered call, preferring one with the same tool name. */
function takePending(pending: ToolCall[], name: string | null): ToolCall | undefined {
  if (name) {
    const byName = pending.find((call) => call.name === name);
    if (byName) return byName;
  }
  return pending[0];
}

/** Counts for tests and summaries: calls, results, and results linked to an earlier call. */
export function countToolLinks(messages: NormalizedMessage[]): {
  calls: number;
  results: number;
  linked: number;
} {
  const seen = new Set<string>();
  let calls = 0;
  let results = 0;
  let linked = 0;
  for (const message of messages) {
    for (const call of message.toolCalls ?? []) {
      calls += 1;
      seen.add(call.id);
    }
    if (message.role === "tool") {
      results += 1;
      if (message.toolCallId && seen.has(message.toolCallId)) linked += 1;
    }
  }
  return { calls, results, linked };
}

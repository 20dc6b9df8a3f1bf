import type { ToolCall } from "@/lib/values/message-json";
import type { TranscriptMessage } from "./message-dto";

// Pairs each tool call with the tool message that answers it (by toolCallId), so the viewer shows
// the call's arguments beside its result. Works on whatever windows of a transcript are loaded.

export type ToolPairing = {
  /** The answering tool message, keyed by `${callMessageIndex}:${callId}`. */
  resultByCall: Map<string, TranscriptMessage>;
  /** For a paired tool message: where its call is. */
  callByResult: Map<number, { callIndex: number; call: ToolCall }>;
};

export const callKey = (messageIndex: number, callId: string) => `${messageIndex}:${callId}`;

/** `messages` in any order; a result pairs with the latest unanswered call of its id before it. */
export function pairToolCalls(messages: readonly TranscriptMessage[]): ToolPairing {
  const sorted = [...messages].sort((a, b) => a.index - b.index);
  const open = new Map<string, { callIndex: number; call: ToolCall }[]>();
  const pairing: ToolPairing = { resultByCall: new Map(), callByResult: new Map() };
  for (const message of sorted) {
    for (const call of message.toolCalls) {
      const stack = open.get(call.id) ?? [];
      stack.push({ callIndex: message.index, call });
      open.set(call.id, stack);
    }
    if (message.role !== "tool" || !message.toolCallId) continue;
    const match = open.get(message.toolCallId)?.pop();
    if (!match) continue;
    pairing.resultByCall.set(callKey(match.callIndex, match.call.id), message);
    pairing.callByResult.set(message.index, match);
  }
  return pairing;
}

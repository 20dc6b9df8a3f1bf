import "server-only";
import type { Ctx } from "@/lib/auth/context";
import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { pairToolCalls } from "@/lib/rollouts/pair-tool-calls";
import { getRollout, listMessages } from "@/lib/rollouts/transcript-queries";
import type { ToolAnswer } from "./define-tool";
import { clip } from "./quote";

// read_transcript: a window of messages read with listMessages (the API's query), each tool call
// beside its result, every long text cut with its full length stated, and the window itself cut
// when it would not fit a model's context.

export const TRANSCRIPT_LIMITS = { maxMessages: 100, defaultChars: 2_000, windowChars: 60_000 };

function stringify(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "";
}

/** A text cut to maxChars (it may come cut already, `length` being its full length), marked when cut. */
function shown(text: string, length: number, maxChars: number) {
  const fullLength = Math.max(length, text.length);
  if (fullLength <= maxChars) return { text };
  const kept = text.slice(0, maxChars);
  return {
    text: `${kept}[… truncated: ${fullLength - kept.length} more characters]`,
    fullLength,
    truncated: true as const,
  };
}

function toWindowMessage(
  message: TranscriptMessage,
  pairing: ReturnType<typeof pairToolCalls>,
  maxChars: number,
) {
  const call = pairing.callByResult.get(message.index);
  return {
    index: message.index,
    role: message.role,
    content: shown(message.content, message.contentLength, maxChars),
    ...(message.reasoning ? { reasoning: shown(message.reasoning, message.reasoningLength, maxChars) } : {}),
    ...(message.error ? { error: clip(message.error, maxChars).text } : {}),
    ...(message.toolCalls.length > 0
      ? {
          toolCalls: message.toolCalls.map((c) => {
            const result = pairing.resultByCall.get(`${message.index}:${c.id}`);
            const args = stringify(c.arguments);
            return {
              id: c.id,
              name: c.name,
              arguments: shown(args, args.length, maxChars),
              result: result
                ? {
                    message: result.index,
                    ...(result.error ? { error: clip(result.error, maxChars).text } : {}),
                    content: shown(result.content, result.contentLength, maxChars),
                  }
                : "not in this window",
            };
          }),
        }
      : {}),
    ...(message.role === "tool"
      ? call
        ? { resultOf: { message: call.callIndex, toolCall: call.call.id, name: call.call.name } }
        : { toolName: message.toolName, toolCallId: message.toolCallId }
      : {}),
  };
}

export async function readTranscriptWindow({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { rolloutId: string; offset: number; limit: number; maxChars: number };
}): Promise<ToolAnswer> {
  const rollout = await getRollout({ ctx, id: input.rolloutId });
  const messages = await listMessages({
    ctx,
    rolloutId: rollout.id,
    input: { offset: input.offset, limit: input.limit, maxChars: input.maxChars },
  });
  const pairing = pairToolCalls(messages);
  const window: ReturnType<typeof toWindowMessage>[] = [];
  let used = 0;
  let cutAt: number | null = null;
  for (const message of messages) {
    // A tool result already shown beside its call is listed by reference only.
    const item = toWindowMessage(message, pairing, input.maxChars);
    const paired = message.role === "tool" && pairing.callByResult.has(message.index);
    const entry = paired ? { ...item, content: { text: "(shown with its tool call above)" } } : item;
    const size = JSON.stringify(entry).length;
    if (window.length > 0 && used + size > TRANSCRIPT_LIMITS.windowChars) {
      cutAt = message.index;
      break;
    }
    used += size;
    window.push(entry);
  }
  const last = window.at(-1)?.index ?? input.offset - 1;
  const nextOffset =
    cutAt ?? (input.offset + input.limit < rollout.messageCount ? input.offset + input.limit : null);
  const cutTexts = JSON.stringify(window).match(/"truncated":true/g)?.length ?? 0;
  const notes = [
    ...(cutAt !== null
      ? [
          `[truncated window: it reached ${TRANSCRIPT_LIMITS.windowChars} characters; messages from ${cutAt} on are not shown.]`,
        ]
      : []),
    ...(cutTexts > 0
      ? [
          `[truncated: ${cutTexts} texts were cut at ${input.maxChars} characters (each gives its fullLength); read one message whole with offset=<index>, limit=1 and a larger maxChars.]`,
        ]
      : []),
    nextOffset === null
      ? "This window reaches the end of the transcript."
      : `More messages: call read_transcript with offset=${nextOffset}.`,
  ];
  return {
    summary: `Rollout ${rollout.id}: messages ${input.offset}–${last} of ${rollout.messageCount} (model ${rollout.model ?? "unknown"}, task ${rollout.taskKey ?? "none"}, reward ${rollout.reward ?? "none"}).`,
    notes,
    payload: { rolloutId: rollout.id, messageCount: rollout.messageCount, messages: window, nextOffset },
  };
}

import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { splitArgumentFields } from "@/lib/rollouts/tool-arguments";
import { formatArguments } from "@/lib/rollouts/transcript-text";
import type { TextHighlight } from "./highlight-segments";

// Where find-in-transcript's match sits inside the message it stepped to, so the viewer can mark it
// (and open the reasoning it is in). The server says which messages match (full text with stems, or
// a substring); here the query is looked for as written, case-insensitively, and when it is not there
// as written (a stemmed or multi-word match), each of its words is. Pure.

const MAX_MARKS = 200;

/** The id every find mark of a message carries, for scrolling to the first. */
export const findMarkId = (messageIndex: number) => `find-${messageIndex}`;

function occurrences(text: string, needle: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  if (!needle) return out;
  const haystack = text.toLowerCase();
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && out.length < MAX_MARKS;
    at = haystack.indexOf(needle, at + needle.length)
  )
    out.push({ start: at, end: at + needle.length });
  return out;
}

type Target = Pick<TextHighlight, "part" | "toolCallId" | "argumentPath"> & { text: string };

function targetsOf(message: TranscriptMessage): Target[] {
  const targets: Target[] = [{ part: "content", text: message.content }];
  if (message.reasoning) targets.push({ part: "reasoning", text: message.reasoning });
  for (const call of message.toolCalls) {
    targets.push({
      part: "argument",
      toolCallId: call.id,
      argumentPath: "",
      text: formatArguments(call.arguments),
    });
    for (const field of splitArgumentFields(call.arguments) ?? [])
      if (field.kind === "text")
        targets.push({ part: "argument", toolCallId: call.id, argumentPath: field.path, text: field.text });
  }
  return targets;
}

/** Text highlights of `query` in the message's text, reasoning and tool-call arguments. */
export function findHighlights(message: TranscriptMessage, query: string): TextHighlight[] {
  const phrase = query.trim().toLowerCase();
  if (!phrase) return [];
  const targets = targetsOf(message);
  const words = [...new Set(phrase.split(/\s+/).filter((w) => w.length >= 2))];
  const needles = targets.some((t) => t.text.toLowerCase().includes(phrase)) ? [phrase] : words;
  return targets.flatMap((target) =>
    needles.flatMap((needle) =>
      occurrences(target.text, needle).map(
        (range): TextHighlight => ({
          id: findMarkId(message.index),
          messageIndex: message.index,
          kind: "text",
          part: target.part,
          toolCallId: target.toolCallId ?? null,
          argumentPath: target.argumentPath ?? null,
          ...range,
          label: `Find: ${query.trim()}`,
          tone: "warning",
        }),
      ),
    ),
  );
}

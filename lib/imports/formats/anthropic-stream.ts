import { getText, isObject, type JsonObject } from "@/lib/imports/read/json-value";

// Reassembles Anthropic Messages stream events into complete `Message` objects
// (`{id, type: "message", role: "assistant", model, content, stop_reason, stop_sequence, usage}`).
// Consecutive message_start … message_stop sequences are consecutive responses (an agent loop).
// Odd input never throws: unknown events are counted, out-of-place ones noted.

export type ReassembledMessage = {
  message: JsonObject;
  /** Line of its message_start. */
  line: number;
  /** False when the stream ended (or the next message began) before its message_stop. */
  isComplete: boolean;
  /** An `error` event that arrived while this message was streaming. */
  error?: string;
};

export type ReassembledStream = {
  messages: ReassembledMessage[];
  /** The first `error` event, as "type: message". */
  error: string | null;
  notes: string[];
  ignoredEvents: Record<string, number>;
};

type OpenMessage = ReassembledMessage & {
  blocks: (JsonObject | undefined)[];
  /** input_json_delta fragments per block index, parsed into `input` when the block stops. */
  partialJson: Map<number, string>;
};

const MAX_NOTES = 20;

export class StreamAssembler {
  /** Characters of reassembled content so far, so a caller can enforce a size limit. */
  size = 0;
  private readonly messages: ReassembledMessage[] = [];
  private open: OpenMessage | null = null;
  private error: string | null = null;
  private readonly notes: string[] = [];
  private omittedNotes = 0;
  private readonly ignoredEvents: Record<string, number> = {};

  /** Applies one event (an object with a string `type`); `line` is where it starts in the file. */
  apply(event: JsonObject, line: number): void {
    const type = String(event.type);
    if (type === "message_start") this.startMessage(event, line);
    else if (type === "error") this.recordError(event, line);
    else if (type === "ping") return;
    else if (!isMessageEvent(type)) this.ignoredEvents[type] = (this.ignoredEvents[type] ?? 0) + 1;
    else if (!this.open) this.note(`line ${line}: ${type} outside a message; ignored`);
    else if (type === "message_stop") this.closeMessage(true);
    else if (type === "message_delta") applyMessageDelta(this.open.message, event);
    else if (type === "content_block_start") this.startBlock(this.open, event, line);
    else if (type === "content_block_delta") this.applyDelta(this.open, event, line);
    else this.stopBlock(this.open, readIndex(event, this.open), line);
  }

  /** Closes a message left open (a cut-off stream) and returns everything reassembled. */
  finish(): ReassembledStream {
    if (this.open) this.closeMessage(false);
    const notes = [...this.notes];
    if (this.omittedNotes > 0) notes.push(`… and ${this.omittedNotes} more`);
    return { messages: this.messages, error: this.error, notes, ignoredEvents: this.ignoredEvents };
  }

  private startMessage(event: JsonObject, line: number): void {
    if (this.open) {
      this.note(`line ${line}: message_start before the previous message's message_stop`);
      this.closeMessage(false);
    }
    const start = isObject(event.message) ? event.message : {};
    const message: JsonObject = { type: "message", role: "assistant", ...start };
    const blocks = Array.isArray(start.content) ? start.content.filter(isObject).map((b) => ({ ...b })) : [];
    this.size += JSON.stringify(message).length;
    this.open = { message, line, isComplete: false, blocks, partialJson: new Map() };
  }

  private closeMessage(isComplete: boolean): void {
    const open = this.open;
    if (!open) return;
    for (const index of open.partialJson.keys()) this.stopBlock(open, index, open.line);
    const content = open.blocks.filter((block): block is JsonObject => block !== undefined);
    const closed: ReassembledMessage = { message: { ...open.message, content }, line: open.line, isComplete };
    if (open.error) closed.error = open.error;
    if (!isComplete) this.note(`message ${this.messages.length + 1} ends before its message_stop`);
    this.messages.push(closed);
    this.open = null;
  }

  private recordError(event: JsonObject, line: number): void {
    const detail = isObject(event.error) ? event.error : {};
    const text = [getText(detail.type), getText(detail.message)].filter(Boolean).join(": ") || "stream error";
    if (this.error) this.note(`line ${line}: another error event: ${text}`);
    else this.error = text;
    if (this.open && !this.open.error) this.open.error = text;
  }

  private startBlock(open: OpenMessage, event: JsonObject, line: number): void {
    const index = readIndex(event, open);
    if (!isObject(event.content_block)) {
      this.note(`line ${line}: content_block_start without a content_block; ignored`);
      return;
    }
    if (open.blocks[index]) this.note(`line ${line}: content_block_start replaces block ${index}`);
    open.blocks[index] = { ...event.content_block };
    open.partialJson.delete(index);
    this.size += JSON.stringify(event.content_block).length;
  }

  private applyDelta(open: OpenMessage, event: JsonObject, line: number): void {
    const index = readIndex(event, open);
    const delta = isObject(event.delta) ? event.delta : {};
    const type = getText(delta.type) ?? "unknown";
    // A delta whose content_block_start is missing still carries its text.
    const inferred = type === "text_delta" ? "text" : type === "thinking_delta" ? "thinking" : null;
    if (!open.blocks[index] && inferred) open.blocks[index] = { type: inferred, [inferred]: "" };
    const block = open.blocks[index];
    if (!block) {
      this.note(`line ${line}: ${type} for block ${index}, which never started; ignored`);
      return;
    }
    if (type === "text_delta") this.appendText(block, "text", delta.text);
    else if (type === "thinking_delta") this.appendText(block, "thinking", delta.thinking);
    else if (type === "signature_delta") this.appendText(block, "signature", delta.signature);
    else if (type === "citations_delta") {
      if (delta.citation !== undefined) {
        block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
      }
    } else if (type === "input_json_delta") {
      const fragment = typeof delta.partial_json === "string" ? delta.partial_json : "";
      open.partialJson.set(index, (open.partialJson.get(index) ?? "") + fragment);
      this.size += fragment.length;
    } else this.ignoredEvents[type] = (this.ignoredEvents[type] ?? 0) + 1;
  }

  private appendText(block: JsonObject, key: string, piece: unknown): void {
    if (typeof piece !== "string") return;
    block[key] = (typeof block[key] === "string" ? block[key] : "") + piece;
    this.size += piece.length;
  }

  /** Parses a block's concatenated input JSON; an unparsable input stays the raw string, with a note. */
  private stopBlock(open: OpenMessage, index: number, line: number): void {
    const json = open.partialJson.get(index);
    open.partialJson.delete(index);
    const block = open.blocks[index];
    if (json === undefined || !block || json.trim() === "") return;
    try {
      block.input = JSON.parse(json);
    } catch {
      block.input = json;
      const name = getText(block.name) ?? "unnamed";
      this.note(`line ${line}: the input of block ${index} (${name}) is not valid JSON; kept as text`);
    }
  }

  private note(text: string): void {
    if (this.notes.length < MAX_NOTES) this.notes.push(text);
    else this.omittedNotes += 1;
  }
}

/** Events inside one message (after its message_start). */
const MESSAGE_EVENTS = new Set([
  "message_delta",
  "message_stop",
  "content_block_start",
  "content_block_delta",
  "content_block_stop",
]);
/** Every event type of a Messages stream. */
export const STREAM_EVENT_TYPES: ReadonlySet<string> = new Set([
  ...MESSAGE_EVENTS,
  "message_start",
  "ping",
  "error",
]);

function isMessageEvent(type: string): boolean {
  return MESSAGE_EVENTS.has(type);
}

/** The block index of an event; a missing or invalid one means "the next block". */
function readIndex(event: JsonObject, open: OpenMessage): number {
  const index = event.index;
  if (typeof index === "number" && Number.isInteger(index) && index >= 0 && index < 10_000) return index;
  return Math.max(0, open.blocks.length - (event.type === "content_block_start" ? 0 : 1));
}

/** message_delta: stop reason and sequence, and usage merged (later counts win, nulls skipped). */
function applyMessageDelta(message: JsonObject, event: JsonObject): void {
  const delta = isObject(event.delta) ? event.delta : {};
  for (const key of ["stop_reason", "stop_sequence"]) if (key in delta) message[key] = delta[key];
  if (!isObject(event.usage)) return;
  const usage: JsonObject = isObject(message.usage) ? { ...message.usage } : {};
  for (const [key, value] of Object.entries(event.usage)) if (value !== null) usage[key] = value;
  message.usage = usage;
}

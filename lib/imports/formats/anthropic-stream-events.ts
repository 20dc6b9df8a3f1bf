import { isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError, parseJson } from "@/lib/imports/read/parse-json";
import { checkFileSize, readFileHead } from "@/lib/imports/read/read-file-head";
import { readJsonRecords } from "@/lib/imports/read/read-json-records";
import { formatBytes, readLines } from "@/lib/imports/read/read-lines";
import type { ImportLimits, ImportSource } from "@/lib/imports/types";

// The events of an Anthropic Messages streaming capture, in file order: raw SSE text (`event:` /
// `data:` lines, events separated by blank lines), JSONL with one event per line, or a JSON array
// of events. Memory stays bounded: one line (or array element) at a time, plus one SSE event's data.

export type StreamEventItem =
  | { kind: "event"; line: number; event: unknown }
  | { kind: "error"; line?: number; message: string };

const SKIPPED = "stream event skipped";

export async function* readStreamEvents(
  source: ImportSource,
  limits: ImportLimits,
): AsyncGenerator<StreamEventItem> {
  await checkFileSize(source.path, limits);
  const head = (await readFileHead(source.path, 1024)).toString("utf8").replace(/^\uFEFF/, "");
  const opening = head.trimStart()[0];
  if (opening !== "{" && opening !== "[") {
    yield* readSseEvents(source.path, limits);
    return;
  }
  for await (const item of readJsonRecords(source.path, { name: source.name, limits })) {
    if (item.kind === "error")
      yield { kind: "error", line: item.line, message: `${SKIPPED}: ${item.message}` };
    else yield { kind: "event", line: item.line, event: item.value };
  }
}

type PendingEvent = { name?: string; data: string[]; bytes: number; line: number; isBroken: boolean };

/**
 * Server-sent events as the SSE spec reads them: `field: value` lines, `:` comments, one leading
 * space of the value dropped, `data` lines of one event joined with "\n", unknown fields ignored.
 * An `event:` line after data also ends the event, for logs that dropped the blank separators.
 * The JSON `type` inside `data` is authoritative; the `event:` name only fills in a missing one.
 */
async function* readSseEvents(path: string, limits: ImportLimits): AsyncGenerator<StreamEventItem> {
  let pending = createPending();
  for await (const item of readLines(path, { maxRecordBytes: limits.maxRecordBytes, includeBlank: true })) {
    if (item.kind === "error") {
      // The over-long line belonged to the pending event (or starts one): drop that whole event.
      yield { kind: "error", line: item.line, message: `${SKIPPED}: ${item.message}` };
      pending = { ...createPending(), isBroken: true };
      continue;
    }
    const text = item.text;
    if (text.trim() === "") {
      const event = dispatch(pending, limits);
      if (event) yield event;
      pending = createPending();
      continue;
    }
    if (text.startsWith(":")) continue;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? "" : text.slice(colon + (text[colon + 1] === " " ? 2 : 1));
    if (field === "event") {
      if (pending.data.length > 0 || pending.isBroken) {
        const event = dispatch(pending, limits);
        if (event) yield event;
        pending = createPending();
      }
      pending.name = value.trim();
    } else if (field === "data") {
      if (pending.data.length === 0) pending.line = item.line;
      pending.bytes += Buffer.byteLength(value) + 1;
      if (pending.bytes > limits.maxRecordBytes && !pending.isBroken) {
        const message = `event data is longer than the ${formatBytes(limits.maxRecordBytes)} record limit`;
        yield { kind: "error", line: pending.line, message: `${SKIPPED}: ${message}` };
        pending.isBroken = true;
      }
      if (!pending.isBroken) pending.data.push(value);
    }
  }
  const last = dispatch(pending, limits);
  if (last) yield last;
}

function createPending(): PendingEvent {
  return { data: [], bytes: 0, line: 0, isBroken: false };
}

function dispatch(pending: PendingEvent, limits: ImportLimits): StreamEventItem | null {
  if (pending.isBroken || pending.data.length === 0) return null;
  const text = pending.data.join("\n");
  if (text.trim() === "[DONE]") return null; // an OpenAI-style end marker some proxies append
  let event: unknown;
  try {
    event = parseJson(text, limits);
  } catch (error) {
    if (!(error instanceof ImportRecordError)) throw error;
    return { kind: "error", line: pending.line, message: `${SKIPPED}: ${error.message}` };
  }
  if (isObject(event) && typeof event.type !== "string" && pending.name) event.type = pending.name;
  return { kind: "event", line: pending.line, event };
}

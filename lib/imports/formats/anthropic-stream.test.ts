import { describe, expect, it } from "vitest";
import { detectFormat } from "@/lib/imports/detect";
import { collectImport, writeTempFile } from "@/lib/imports/testing/corpus";
import { DEFAULT_IMPORT_LIMITS } from "@/lib/imports/types";
import { anthropicImporter } from "./anthropic";

type Event = Record<string, unknown> & { type: string };

const delta = (index: number, body: Record<string, unknown>): Event => ({
  type: "content_block_delta",
  index,
  delta: body,
});
const start = (id: string, usage: Record<string, number>): Event => ({
  type: "message_start",
  message: {
    id,
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage,
  },
});
const stopBlock = (index: number): Event => ({ type: "content_block_stop", index });

/** A response with thinking (signed), text, and a tool_use whose input arrives in three fragments. */
const TOOL_TURN: Event[] = [
  start("msg_1", { input_tokens: 25, output_tokens: 1, cache_read_input_tokens: 10 }),
  { type: "ping" },
  { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
  delta(0, { type: "thinking_delta", thinking: "I should " }),
  delta(0, { type: "thinking_delta", thinking: "use the calculator." }),
  delta(0, { type: "signature_delta", signature: "c2lnLWV4YW1wbGU=" }),
  stopBlock(0),
  { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
  delta(1, { type: "text_delta", text: "Let me " }),
  delta(1, { type: "text_delta", text: "compute that." }),
  stopBlock(1),
  {
    type: "content_block_start",
    index: 2,
    content_block: { type: "tool_use", id: "toolu_01", name: "calc", input: {} },
  },
  delta(2, { type: "input_json_delta", partial_json: "" }),
  delta(2, { type: "input_json_delta", partial_json: '{"expr": "17' }),
  delta(2, { type: "input_json_delta", partial_json: '*23", "precise' }),
  delta(2, { type: "input_json_delta", partial_json: '": true}' }),
  stopBlock(2),
  {
    type: "message_delta",
    delta: { stop_reason: "tool_use", stop_sequence: null },
    usage: { output_tokens: 42 },
  },
  { type: "message_stop" },
];

const ANSWER_TURN: Event[] = [
  start("msg_2", { input_tokens: 80, output_tokens: 1 }),
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  delta(0, { type: "text_delta", text: "17 × 23 = 391." }),
  stopBlock(0),
  {
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null },
    usage: { output_tokens: 9 },
  },
  { type: "message_stop" },
];

/** Raw SSE: `event:` + `data:` lines, events separated by a blank line. */
function toSse(events: Event[], eol = "\n"): string {
  return events
    .map((event) => `event: ${event.type}${eol}data: ${JSON.stringify(event)}${eol}${eol}`)
    .join("");
}

async function importText(name: string, text: string, limits = DEFAULT_IMPORT_LIMITS) {
  return collectImport(anthropicImporter, writeTempFile(name, text), limits);
}

/** The assertions every shape of the tool turn must pass. */
function expectToolTurn(result: Awaited<ReturnType<typeof importText>>) {
  expect(result.errors).toEqual([]);
  expect(result.rollouts).toHaveLength(1);
  const [rollout] = result.rollouts;
  expect(rollout).toMatchObject({ externalId: "msg_1", model: "claude-sonnet-4-5", status: "completed" });
  expect(rollout.messages).toHaveLength(1);
  expect(rollout.messages[0]).toMatchObject({
    role: "assistant",
    text: "Let me compute that.",
    reasoning: "I should use the calculator.",
    toolCalls: [{ id: "toolu_01", name: "calc", arguments: { expr: "17*23", precise: true } }],
    tokens: { input: 35, output: 42, total: 77 },
    metadata: { id: "msg_1", stopReason: "tool_use" },
  });
  expect(rollout.original).toEqual([
    expect.objectContaining({
      id: "msg_1",
      stop_reason: "tool_use",
      usage: { input_tokens: 25, output_tokens: 42, cache_read_input_tokens: 10 },
      content: [
        { type: "thinking", thinking: "I should use the calculator.", signature: "c2lnLWV4YW1wbGU=" },
        { type: "text", text: "Let me compute that." },
        { type: "tool_use", id: "toolu_01", name: "calc", input: { expr: "17*23", precise: true } },
      ],
    }),
  ]);
}

describe("anthropic importer on streaming captures", () => {
  it("reassembles SSE text, signed thinking and a tool_use input sent in fragments", async () => {
    expectToolTurn(await importText("stream.sse", toSse(TOOL_TURN)));
  });

  it("reads JSONL events, a JSON array of events and CRLF line endings the same way", async () => {
    const jsonl = TOOL_TURN.map((event) => JSON.stringify(event)).join("\n");
    expectToolTurn(await importText("events.jsonl", jsonl));
    expectToolTurn(await importText("events.json", JSON.stringify(TOOL_TURN, null, 2)));
    expectToolTurn(await importText("stream.txt", toSse(TOOL_TURN, "\r\n")));
  });

  it("accepts data lines without event lines, comments and no space after the colon", async () => {
    const text = `: keep-alive\n\n${TOOL_TURN.map((event) => `data:${JSON.stringify(event)}\n\n`).join("")}`;
    expectToolTurn(await importText("stream.txt", text));
  });

  it("imports two responses of one capture as consecutive turns of one rollout", async () => {
    const { rollouts, errors } = await importText("loop.sse", toSse([...TOOL_TURN, ...ANSWER_TURN]));
    expect(errors).toEqual([]);
    expect(rollouts).toHaveLength(1);
    const [rollout] = rollouts;
    expect(rollout.status).toBe("completed");
    expect(rollout.messages.map((message) => [message.role, message.text])).toEqual([
      ["assistant", "Let me compute that."],
      ["assistant", "17 × 23 = 391."],
    ]);
    expect(rollout.messages[1]).toMatchObject({
      tokens: { input: 80, output: 9, total: 89 },
      metadata: { id: "msg_2", stopReason: "end_turn" },
    });
    expect(rollout.metadata).toMatchObject({ streamEvents: TOOL_TURN.length + ANSWER_TURN.length });
    expect(rollout.original).toHaveLength(2);
  });

  it("marks the rollout as an error on an error event and keeps what arrived", async () => {
    const overloaded = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
    const { rollouts, errors } = await importText("e.sse", toSse([...TOOL_TURN.slice(0, 10), overloaded]));
    expect(errors).toEqual([]);
    expect(rollouts[0]).toMatchObject({ status: "error", error: "overloaded_error: Overloaded" });
    expect(rollouts[0].messages[0]).toMatchObject({
      text: "Let me compute that.",
      reasoning: "I should use the calculator.",
      error: "overloaded_error: Overloaded",
    });
  });

  it("keeps a stream cut off mid-event as truncated, the partial tool input kept as text", async () => {
    // Cut inside the tool input JSON, and the last data line itself cut in half.
    const text = `${toSse(TOOL_TURN.slice(0, 15))}event: content_block_delta\ndata: {"type":"content_bl`;
    const { rollouts, errors } = await importText("cut.sse", text);
    const lines = text.split("\n");
    expect(errors).toEqual([
      {
        kind: "error",
        file: "cut.sse",
        line: lines.length,
        message: expect.stringMatching(/^stream event skipped: malformed JSON/),
      },
    ]);
    const [rollout] = rollouts;
    expect(rollout.status).toBe("truncated");
    expect(rollout.messages[0]).toMatchObject({
      text: "Let me compute that.",
      toolCalls: [{ id: "toolu_01", name: "calc", arguments: '{"expr": "17*23", "precise' }],
      metadata: { isCutOff: true },
    });
    expect(rollout.metadata.streamNotes).toEqual([
      expect.stringMatching(/input of block 2 \(calc\) is not valid JSON; kept as text/),
      "message 1 ends before its message_stop",
    ]);
  });

  it("reports malformed data lines by line number and imports the rest", async () => {
    const lines = toSse(TOOL_TURN).split("\n");
    const brokenAt = lines.indexOf(`data: ${JSON.stringify(TOOL_TURN[9])}`);
    const notObjectAt = lines.indexOf(`data: ${JSON.stringify(TOOL_TURN[4])}`);
    lines[brokenAt] = 'data: {"type": "content_block_delta", "index": 1,';
    lines[notObjectAt] = "data: [1, 2]";
    const { rollouts, errors } = await importText("bad.sse", lines.join("\n"));
    expect(errors.map((error) => [error.line, error.message])).toEqual([
      [notObjectAt + 1, 'stream event skipped: not a JSON object with a "type"'],
      [brokenAt + 1, expect.stringMatching(/^stream event skipped: malformed JSON/)],
    ]);
    expect(rollouts).toHaveLength(1);
    expect(rollouts[0].status).toBe("completed");
    expect(rollouts[0].messages[0]).toMatchObject({ text: "Let me ", reasoning: "I should " });
    expect(rollouts[0].messages[0].toolCalls?.[0].arguments).toEqual({ expr: "17*23", precise: true });
  });

  it("reports a line over the record limit and stops at a reassembled size over it", async () => {
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxRecordBytes: 1000 };
    const long = delta(1, { type: "text_delta", text: "x".repeat(2000) });
    const events = [...TOOL_TURN.slice(0, 9), long, ...TOOL_TURN.slice(9)];
    const longAt =
      toSse(events)
        .split("\n")
        .indexOf(`data: ${JSON.stringify(long)}`) + 1;
    const over = await importText("long.sse", toSse(events), limits);
    expect(over.errors).toEqual([
      expect.objectContaining({
        line: longAt,
        message: expect.stringMatching(/longer than the 1000 bytes record limit/),
      }),
    ]);
    expect(over.rollouts[0].messages[0].text).toBe("Let me compute that.");
    const many = Array.from({ length: 5 }, () => delta(1, { type: "text_delta", text: "y".repeat(300) }));
    const big = await importText("big.sse", toSse([...TOOL_TURN.slice(0, 9), ...many]), limits);
    expect(big.rollouts).toEqual([]);
    expect(big.errors.map((error) => error.message)).toEqual([
      "the reassembled responses exceed the 1000 bytes record limit; the capture was not imported",
    ]);
  });

  it("ignores unknown event and delta types, and starts a block a delta arrives for", async () => {
    const events: Event[] = [
      start("msg_3", { input_tokens: 3, output_tokens: 1 }),
      { type: "future_event", data: 1 },
      { type: "ping" },
      delta(0, { type: "text_delta", text: "no start" }),
      delta(0, { type: "future_delta", x: 1 }),
      { type: "message_stop" },
    ];
    const { rollouts, errors } = await importText(
      "odd.jsonl",
      events.map((e) => JSON.stringify(e)).join("\n"),
    );
    expect(errors).toEqual([]);
    expect(rollouts[0].messages[0].text).toBe("no start");
    expect(rollouts[0].metadata.ignoredEvents).toEqual({ future_event: 1, future_delta: 1 });
  });

  it("gives one clear error for a capture without message_start", async () => {
    const overloaded = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
    const { rollouts, errors } = await importText("none.sse", toSse([{ type: "ping" }, overloaded]));
    expect(rollouts).toEqual([]);
    expect(errors).toEqual([
      {
        kind: "error",
        file: "none.sse",
        record: 1,
        message:
          "no message_start event: this stream capture holds no response to reassemble (the API returned an error: overloaded_error: Overloaded)",
      },
    ]);
  });

  it("is detected as anthropic in every shape", () => {
    const detect = (name: string, text: string) => detectFormat({ name, head: Buffer.from(text) });
    const anthropic = { format: "anthropic", confidence: 85 };
    expect(detect("s.sse", toSse(TOOL_TURN))).toEqual(anthropic);
    expect(detect("s.txt", toSse(TOOL_TURN, "\r\n"))).toEqual(anthropic);
    expect(detect("e.jsonl", TOOL_TURN.map((event) => JSON.stringify(event)).join("\n"))).toEqual(anthropic);
    expect(detect("e.json", JSON.stringify(TOOL_TURN))).toEqual(anthropic);
  });
});

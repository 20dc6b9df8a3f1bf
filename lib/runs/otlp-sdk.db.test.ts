import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { context, trace } from "@opentelemetry/api";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as closeRunRoute } from "@/app/api/v1/runs/[id]/close/route";
import { POST as otlpRoute } from "@/app/api/v1/runs/[id]/otlp/v1/traces/route";
import { POST as openRunRoute } from "@/app/api/v1/runs/route";
import { db } from "@/db/client";
import { messages, otlpPendingSpans, rollouts } from "@/db/schema";
import { call, createKeyWorkspace } from "./testing/live-api";

// The official OpenTelemetry JS SDK and its OTLP/HTTP exporters (protobuf and JSON, simple and batch
// span processors) send an instrumented agent's trace to a server on 127.0.0.1 that hands each request
// to the route handler, as Next does. The trace must come out as the rollout the agent lived.

type Captured = { headers: Record<string, string>; body: Buffer };

let server: Server;
let base = "";
const captured: Captured[] = [];
let inFlight = 0;

/** Until the server has answered every request (the simple processor doesn't wait for its exports). */
async function settle(): Promise<void> {
  for (let waited = 0; inFlight > 0 && waited < 10_000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(inFlight).toBe(0);
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === "string") out[name] = value;
  return out;
}

/** One captured export sent again to the route, as an exporter's retry would. */
async function resend(runId: string, request: Captured): Promise<Response> {
  return otlpRoute(
    new Request(`${base}/api/v1/runs/${runId}/otlp/v1/traces`, {
      method: "POST",
      headers: request.headers,
      body: new Uint8Array(request.body) as BodyInit,
    }),
    { params: Promise.resolve({ id: runId }) },
  );
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    inFlight++;
    response.on("close", () => inFlight--);
    const body = await readAll(request);
    const headers = headersOf(request);
    captured.push({ headers, body });
    const match = /^\/api\/v1\/runs\/([^/]+)\/otlp\/v1\/traces$/.exec(request.url ?? "");
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const answer = await otlpRoute(
      new Request(`${base}${request.url}`, { method: "POST", headers, body: new Uint8Array(body) }),
      { params: Promise.resolve({ id: match[1] }) },
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const T0 = Date.UTC(2026, 11, 4, 12, 0, 0);
const json = (value: unknown) => JSON.stringify(value);

/**
 * An agent's episode as GenAI-instrumented code records it: the root agent span (task, step, reward),
 * a chat span that asks for a tool, the tool span with its result, and the chat span that answers.
 */
async function runAgent(processor: (exporter: SpanExporter) => SpanProcessor, exporter: SpanExporter) {
  const provider = new BasicTracerProvider({ spanProcessors: [processor(exporter)] });
  const tracer = provider.getTracer("test-agent", "1.0.0");
  const root = tracer.startSpan("invoke_agent solver", {
    startTime: T0,
    attributes: { "gen_ai.operation.name": "invoke_agent", "studio.task": "list-files", "studio.step": 3 },
  });
  const inRoot = trace.setSpan(context.active(), root);
  const ask = [{ role: "user", parts: [{ type: "text", content: "List the files in the project." }] }];
  const toolCall = { type: "tool_call", id: "call_ls_1", name: "ls", arguments: { path: "." } };
  const chat1 = tracer.startSpan(
    "chat policy-v2",
    {
      startTime: T0 + 10,
      attributes: {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "policy-v2",
        "gen_ai.usage.input_tokens": 21,
        "gen_ai.usage.output_tokens": 9,
        "gen_ai.input.messages": json(ask),
        "gen_ai.output.messages": json([{ role: "assistant", parts: [toolCall] }]),
      },
    },
    inRoot,
  );
  chat1.end(T0 + 500);
  const tool = tracer.startSpan(
    "execute_tool ls",
    {
      startTime: T0 + 510,
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "ls",
        "gen_ai.tool.call.id": "call_ls_1",
        "gen_ai.tool.call.arguments": json({ path: "." }),
        "gen_ai.tool.call.result": "README.md\nsrc",
      },
    },
    inRoot,
  );
  tool.end(T0 + 600);
  const chat2 = tracer.startSpan(
    "chat policy-v2",
    {
      startTime: T0 + 610,
      attributes: {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "policy-v2",
        "gen_ai.input.messages": json([
          ...ask,
          { role: "assistant", parts: [toolCall] },
          {
            role: "tool",
            parts: [{ type: "tool_call_response", id: "call_ls_1", response: "README.md\nsrc" }],
          },
        ]),
        "gen_ai.output.messages": json([
          { role: "assistant", parts: [{ type: "text", content: "Two entries: README.md and src." }] },
        ]),
      },
    },
    inRoot,
  );
  chat2.end(T0 + 900);
  root.addEvent("gen_ai.evaluation.result", {
    "gen_ai.evaluation.name": "reward",
    "gen_ai.evaluation.score.value": 0.75,
  });
  root.end(T0 + 1000);
  await provider.forceFlush();
  await provider.shutdown();
  await settle();
  return root.spanContext().traceId;
}

async function openRun() {
  const { keyFor } = await createKeyWorkspace();
  const key = await keyFor("author");
  const run = (await call(openRunRoute, { key, body: { name: "sdk" } })).body.id as string;
  const url = `${base}/api/v1/runs/${run}/otlp/v1/traces`;
  return { key, run, url, headers: { authorization: `Bearer ${key}` } };
}

async function readRollout(runId: string) {
  const stored = await db.select().from(rollouts).where(eq(rollouts.runId, runId));
  expect(stored).toHaveLength(1);
  const transcript = await db
    .select({
      role: messages.role,
      text: messages.text,
      toolCalls: messages.toolCalls,
      toolCallId: messages.toolCallId,
      toolName: messages.toolName,
    })
    .from(messages)
    .where(eq(messages.rolloutId, stored[0].id))
    .orderBy(asc(messages.index));
  return { rollout: stored[0], transcript };
}

/** What the agent lived, whichever exporter and processor carried it. */
async function expectFaithful(runId: string, traceId: string) {
  const { rollout, transcript } = await readRollout(runId);
  expect(rollout).toMatchObject({
    externalId: traceId,
    status: "completed",
    model: "policy-v2",
    taskKey: "list-files",
    step: 3,
    reward: 0.75,
  });
  expect(transcript.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  expect(transcript[0].text).toBe("List the files in the project.");
  expect(transcript[1].toolCalls).toEqual([
    expect.objectContaining({
      id: "call_ls_1",
      name: "ls",
      arguments: expect.objectContaining({ path: "." }),
    }),
  ]);
  expect(transcript[2]).toMatchObject({ toolCallId: "call_ls_1", text: "README.md\nsrc" });
  expect(transcript[3].text).toBe("Two entries: README.md and src.");
  return rollout;
}

describe("OpenTelemetry JS SDK exporters into a live run", () => {
  it("protobuf, gzip, simple span processor: one request per span, merged into one faithful rollout", async () => {
    const { run, url, headers } = await openRun();
    const from = captured.length;
    const traceId = await runAgent(
      (exporter) => new SimpleSpanProcessor(exporter),
      new ProtoExporter({ url, headers, compression: "gzip" as never }),
    );
    const sent = captured.slice(from);
    expect(sent).toHaveLength(4);
    for (const request of sent) {
      expect(request.headers["content-type"]).toBe("application/x-protobuf");
      expect(request.headers["content-encoding"]).toBe("gzip");
    }
    const rollout = await expectFaithful(run, traceId);

    // Every export sent again (an exporter's retries, in any order) changes nothing.
    for (const request of [...sent].reverse()) {
      const answer = await resend(run, request);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/x-protobuf");
    }
    const again = await expectFaithful(run, traceId);
    expect(again.id).toBe(rollout.id);
    expect(again.updatedAt).toEqual(rollout.updatedAt);
    expect(await db.select().from(otlpPendingSpans).where(eq(otlpPendingSpans.runId, run))).toEqual([]);
  });

  it("JSON, batch span processor: the same rollout", async () => {
    const { run, url, headers } = await openRun();
    const from = captured.length;
    const traceId = await runAgent(
      (exporter) => new BatchSpanProcessor(exporter, { maxExportBatchSize: 2, scheduledDelayMillis: 10 }),
      new JsonExporter({ url, headers }),
    );
    const sent = captured.slice(from);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent[0].headers["content-type"]).toBe("application/json");
    await expectFaithful(run, traceId);
  });

  it("JSON with gzip, protobuf without it: both read", async () => {
    const { run, url, headers } = await openRun();
    const traceId = await runAgent(
      (exporter) => new BatchSpanProcessor(exporter),
      new JsonExporter({ url, headers, compression: "gzip" as never }),
    );
    await expectFaithful(run, traceId);
    const second = await openRun();
    const secondTrace = await runAgent(
      (exporter) => new SimpleSpanProcessor(exporter),
      new ProtoExporter({ url: second.url, headers: second.headers }),
    );
    await expectFaithful(second.run, secondTrace);
  });
});

describe("OTLP requests the route refuses", () => {
  it("413 for a gzip body that inflates past INGEST_MAX_BATCH_MB, 400 for broken gzip or protobuf", async () => {
    const { run, key } = await openRun();
    const post = (body: Uint8Array, extra: Record<string, string>) =>
      otlpRoute(
        new Request(`${base}/api/v1/runs/${run}/otlp/v1/traces`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, ...extra },
          body: body as BodyInit,
        }),
        { params: Promise.resolve({ id: run }) },
      );
    // 65 MB of spaces compress to about 64 KB: small on the wire, over the 64 MB limit once inflated.
    const bomb = gzipSync(Buffer.alloc(65 * 1024 * 1024, " "));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const tooLarge = await post(bomb, { "content-type": "application/json", "content-encoding": "gzip" });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.message).toMatch(/larger than 64 MB.*decompressed/);

    const broken = await post(new Uint8Array([0x1f, 0x8b, 1, 2, 3]), {
      "content-type": "application/x-protobuf",
      "content-encoding": "gzip",
    });
    expect(broken.status).toBe(400);
    const notProtobuf = await post(new Uint8Array([0x0a, 0xff, 0xff, 0xff]), {
      "content-type": "application/x-protobuf",
    });
    expect(notProtobuf.status).toBe(400);
    expect((await notProtobuf.json()).error.message).toMatch(/not a protobuf ExportTraceServiceRequest/);
    expect(await db.select().from(rollouts).where(eq(rollouts.runId, run))).toEqual([]);
  });

  it("holds a span that makes no transcript alone until its trace's model call arrives, and drops held spans at close", async () => {
    const { run, key } = await openRun();
    const send = (spans: unknown[]) =>
      call(otlpRoute, { key, params: { id: run }, body: { resourceSpans: [{ scopeSpans: [{ spans }] }] } });
    const attribute = (name: string, value: string) => ({ key: name, value: { stringValue: value } });
    const traceId = "0af7651916cd43dd8448eb211c80319c";
    const rootId = "00f067aa0ba902b7";
    // A planning step of the agent: a child span with the task but no model call.
    const plan = {
      traceId,
      spanId: "b7ad6b7169203331",
      parentSpanId: rootId,
      name: "plan",
      startTimeUnixNano: "1764849600100000000",
      endTimeUnixNano: "1764849600200000000",
      attributes: [attribute("studio.task", "list-files")],
    };
    expect((await send([plan])).body).toEqual({});
    expect((await send([plan])).body).toEqual({});
    const held = await db.select().from(otlpPendingSpans).where(eq(otlpPendingSpans.runId, run));
    expect(held.map((row) => [row.traceId, row.spanId])).toEqual([[traceId, plan.spanId]]);
    expect(await db.select().from(rollouts).where(eq(rollouts.runId, run))).toEqual([]);

    const chat = {
      traceId,
      spanId: "c7ad6b7169203332",
      parentSpanId: rootId,
      name: "chat policy-v2",
      startTimeUnixNano: "1764849600300000000",
      endTimeUnixNano: "1764849600400000000",
      attributes: [
        attribute("gen_ai.operation.name", "chat"),
        attribute("gen_ai.request.model", "policy-v2"),
        attribute(
          "gen_ai.input.messages",
          json([{ role: "user", parts: [{ type: "text", content: "ls" }] }]),
        ),
        attribute(
          "gen_ai.output.messages",
          json([{ role: "assistant", parts: [{ type: "text", content: "README.md" }] }]),
        ),
      ],
    };
    expect((await send([chat])).body).toEqual({});
    const { rollout, transcript } = await readRollout(run);
    expect(rollout).toMatchObject({ status: "running", taskKey: "list-files", model: "policy-v2" });
    expect(transcript.map((m) => m.text)).toEqual(["ls", "README.md"]);
    expect(await db.select().from(otlpPendingSpans).where(eq(otlpPendingSpans.runId, run))).toEqual([]);

    // A root span that arrives before its trace's model calls is held too (exports overtake each other).
    const lonelyRoot = {
      traceId: "1af7651916cd43dd8448eb211c80319c",
      spanId: "01",
      name: "noop",
      attributes: [],
    };
    expect((await send([lonelyRoot])).body).toEqual({});
    await send([{ ...plan, traceId: "2af7651916cd43dd8448eb211c80319c" }]);
    expect(await db.select().from(otlpPendingSpans).where(eq(otlpPendingSpans.runId, run))).toHaveLength(2);
    expect((await call(closeRunRoute, { key, params: { id: run }, body: {} })).status).toBe(200);
    expect(await db.select().from(otlpPendingSpans).where(eq(otlpPendingSpans.runId, run))).toEqual([]);
    expect((await readRollout(run)).rollout.status).toBe("truncated");
  });

  it("merges a child span that arrives after its root: the rollout stays completed and gains it", async () => {
    const { run, key } = await openRun();
    const send = (spans: unknown[]) =>
      call(otlpRoute, { key, params: { id: run }, body: { resourceSpans: [{ scopeSpans: [{ spans }] }] } });
    const attribute = (name: string, value: string) => ({ key: name, value: { stringValue: value } });
    const traceId = "3af7651916cd43dd8448eb211c80319c";
    const chatSpan = (spanId: string, start: string, ask: string, answer: string) => ({
      traceId,
      spanId,
      parentSpanId: "00f067aa0ba902b7",
      name: "chat policy-v2",
      startTimeUnixNano: start,
      endTimeUnixNano: start.replace(/^1764849600/, "1764849601"),
      attributes: [
        attribute("gen_ai.operation.name", "chat"),
        attribute("gen_ai.request.model", "policy-v2"),
        attribute("gen_ai.input.messages", json([{ role: "user", parts: [{ type: "text", content: ask }] }])),
        attribute(
          "gen_ai.output.messages",
          json([{ role: "assistant", parts: [{ type: "text", content: answer }] }]),
        ),
      ],
    });
    const root = {
      traceId,
      spanId: "00f067aa0ba902b7",
      name: "invoke_agent",
      startTimeUnixNano: "1764849600000000000",
      endTimeUnixNano: "1764849609000000000",
      attributes: [{ key: "studio.reward", value: { doubleValue: 1 } }],
    };
    // The second model call's request overtakes the first's and the root's.
    expect((await send([chatSpan("0000000000000002", "1764849600500000000", "second", "two")])).body).toEqual(
      {},
    );
    expect((await send([root])).body).toEqual({});
    expect((await send([chatSpan("0000000000000001", "1764849600100000000", "first", "one")])).body).toEqual(
      {},
    );
    const { rollout, transcript } = await readRollout(run);
    expect(rollout).toMatchObject({ status: "completed", reward: 1 });
    expect(transcript.map((m) => m.text)).toEqual(["first", "one", "second", "two"]);
  });
});

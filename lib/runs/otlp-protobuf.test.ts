import { gzipSync } from "node:zlib";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { decodeOtlpTraceRequest, encodeOtlpTraceResponse } from "./otlp-protobuf";
import { gunzipWithin, readOtlpRequest } from "./read-otlp-request";

// The protobuf decoder against the official JS SDK's own serializers: the same spans, serialized
// to protobuf and to OTLP/JSON by @opentelemetry/otlp-transformer, must read the same.

async function recordSpans() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer("decoder-test", "2.0.0");
  const root = tracer.startSpan("invoke_agent", {
    startTime: 1764849600123,
    attributes: { "studio.task": "t-1", "studio.step": 12, "studio.reward": 0.5, ok: true, tags: ["a", "b"] },
  });
  root.addEvent("gen_ai.evaluation.result", { "gen_ai.evaluation.score.value": 0.25 }, 1764849600500);
  root.setStatus({ code: 2, message: "tool failed" });
  root.end(1764849601000);
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

/** What protobuf leaves out (zero values) and JSON may spell: dropped counts of 0, empty lists. */
function withoutDefaults(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDefaults);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === 0 || item === "" || item === undefined || (Array.isArray(item) && item.length === 0))
      continue;
    // The JS JSON serializer writes int64 values as numbers; the OTLP/JSON spec (and the decoder) strings.
    out[key] = key === "intValue" && typeof item === "number" ? String(item) : withoutDefaults(item);
  }
  return out;
}

describe("OTLP protobuf decoding", () => {
  it("reads what the SDK's protobuf serializer writes as its JSON serializer spells it", async () => {
    const spans = await recordSpans();
    const protobuf = ProtobufTraceSerializer.serializeRequest(spans);
    const json = JSON.parse(Buffer.from(JsonTraceSerializer.serializeRequest(spans) ?? []).toString("utf8"));
    expect(protobuf).toBeDefined();
    const decoded = decodeOtlpTraceRequest(protobuf as Uint8Array);
    expect(withoutDefaults(decoded)).toEqual(withoutDefaults(json));
    const [span] = (decoded as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] })
      .resourceSpans[0].scopeSpans[0].spans;
    expect(span.traceId).toBe(spans[0].spanContext().traceId);
    expect(span.startTimeUnixNano).toBe("1764849600123000000");
    expect(span.status).toEqual({ code: 2, message: "tool failed" });
  });

  it("refuses bytes that are not an export request, and encodes partial success", () => {
    expect(() => decodeOtlpTraceRequest(new Uint8Array([0x0a, 0xff, 0xff]))).toThrow(/not a protobuf/);
    expect(encodeOtlpTraceResponse({})).toHaveLength(0);
    expect(
      encodeOtlpTraceResponse({ partialSuccess: { rejectedSpans: 2, errorMessage: "x" } }).length,
    ).toBeGreaterThan(3);
  });
});

describe("OTLP request bodies", () => {
  const request = (body: Uint8Array, headers: Record<string, string>) =>
    new Request("http://studio.test/x", { method: "POST", headers, body: body as BodyInit });

  it("inflates gzip and counts the limit on the inflated size", async () => {
    const text = JSON.stringify({ resourceSpans: [] });
    const read = await readOtlpRequest(
      request(gzipSync(text), { "content-type": "application/json", "content-encoding": "gzip" }),
      1000,
    );
    expect(read).toEqual({ encoding: "json", body: { resourceSpans: [] } });
    await expect(gunzipWithin(gzipSync(Buffer.alloc(5000)), 1000)).rejects.toMatchObject({
      code: "too_large",
    });
    expect((await gunzipWithin(gzipSync(Buffer.alloc(1000)), 1000)).length).toBe(1000);
  });

  it("refuses other encodings and content types with 400", async () => {
    const body = new TextEncoder().encode("{}");
    await expect(
      readOtlpRequest(request(body, { "content-type": "application/json", "content-encoding": "br" }), 1000),
    ).rejects.toMatchObject({ code: "bad_request", message: expect.stringMatching(/br is not supported/) });
    await expect(
      readOtlpRequest(request(body, { "content-type": "text/plain" }), 1000),
    ).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(
      readOtlpRequest(request(new Uint8Array([1, 2, 3]), { "content-encoding": "gzip" }), 1000),
    ).rejects.toMatchObject({ code: "bad_request", message: expect.stringMatching(/not valid gzip/) });
  });
});

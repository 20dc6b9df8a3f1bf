import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as otlpRoute } from "@/app/api/v1/runs/[id]/otlp/v1/traces/route";
import { POST as openRunRoute } from "@/app/api/v1/runs/route";
import { db } from "@/db/client";
import { messages, otlpPendingSpans, rollouts } from "@/db/schema";
import { call, createKeyWorkspace } from "./testing/live-api";

const TRACE = "5b8efff798038103d269b633813fc60c";
const text = (value: string) => ({ stringValue: value });
const attribute = (key: string, value: unknown) => ({ key, value });

const chatSpan = {
  traceId: TRACE,
  spanId: "eee19b7ec3c1b174",
  parentSpanId: "eee19b7ec3c1b173",
  name: "chat policy",
  startTimeUnixNano: "1733000000000000000",
  endTimeUnixNano: "1733000001000000000",
  attributes: [
    attribute("gen_ai.operation.name", text("chat")),
    attribute("gen_ai.request.model", text("policy-v2")),
    attribute(
      "gen_ai.input.messages",
      text(JSON.stringify([{ role: "user", parts: [{ type: "text", content: "List files" }] }])),
    ),
    attribute(
      "gen_ai.output.messages",
      text(JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: "a.txt b.txt" }] }])),
    ),
  ],
};

const rootSpan = {
  traceId: TRACE,
  spanId: "eee19b7ec3c1b173",
  name: "invoke_agent solver",
  startTimeUnixNano: "1733000000000000000",
  endTimeUnixNano: "1733000002000000000",
  attributes: [attribute("studio.step", { intValue: "7" }), attribute("studio.task", text("list-files"))],
  events: [
    {
      name: "gen_ai.evaluation.result",
      attributes: [
        attribute("gen_ai.evaluation.name", text("reward")),
        attribute("gen_ai.evaluation.score.value", { doubleValue: 0.75 }),
      ],
    },
  ],
};

const exportRequest = (spans: unknown[]) => ({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

describe("OTLP/HTTP JSON into a live run", () => {
  it("builds one rollout per trace across exports: running until the root span, then completed", async () => {
    const { keyFor } = await createKeyWorkspace();
    const key = await keyFor("author");
    const run = (await call(openRunRoute, { key, body: { name: "otel" } })).body.id;
    const first = await call(otlpRoute, { key, params: { id: run }, body: exportRequest([chatSpan]) });
    expect(first).toMatchObject({ status: 200, body: {} });
    const [running] = await db.select().from(rollouts).where(eq(rollouts.runId, run));
    expect(running).toMatchObject({
      status: "running",
      externalId: TRACE,
      model: "policy-v2",
      messageCount: 2,
    });

    const second = await call(otlpRoute, { key, params: { id: run }, body: exportRequest([rootSpan]) });
    expect(second.status).toBe(200);
    const again = await call(otlpRoute, { key, params: { id: run }, body: exportRequest([rootSpan]) });
    expect(again.status).toBe(200);
    const stored = await db.select().from(rollouts).where(eq(rollouts.runId, run));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: "completed", step: 7, taskKey: "list-files", reward: 0.75 });
    const texts = await db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.rolloutId, stored[0].id));
    expect(texts.map((m) => m.text).sort()).toEqual(["List files", "a.txt b.txt"]);
  });

  it("rejects a body that is not an export request, and holds a trace without a transcript for its other spans", async () => {
    const { keyFor } = await createKeyWorkspace();
    const key = await keyFor("author");
    const run = (await call(openRunRoute, { key, body: { name: "otel" } })).body.id;
    expect((await call(otlpRoute, { key, params: { id: run }, body: { spans: [] } })).status).toBe(422);
    const empty = { traceId: "ab", spanId: "01", name: "noop", attributes: [] };
    const partial = await call(otlpRoute, { key, params: { id: run }, body: exportRequest([empty]) });
    expect(partial).toMatchObject({ status: 200, body: {} });
    const held = await db.select().from(otlpPendingSpans).where(eq(otlpPendingSpans.runId, run));
    expect(held.map((row) => [row.traceId, row.spanId])).toEqual([["ab", "01"]]);
    expect(await db.select().from(rollouts).where(eq(rollouts.runId, run))).toEqual([]);
  });
});

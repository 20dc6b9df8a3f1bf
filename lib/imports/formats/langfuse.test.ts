import { describe, expect, it } from "vitest";
import { collectImport, corpusPath, summarizeRollouts, writeTempFile } from "@/lib/imports/testing/corpus";
import { langfuseImporter } from "./langfuse";

const attr = (key: string, value: string | number) => ({
  key,
  value: typeof value === "number" ? { intValue: String(value) } : { stringValue: value },
});

const OTLP = {
  resourceSpans: [
    {
      resource: { attributes: [attr("service.name", "agent")] },
      scopeSpans: [
        {
          scope: { name: "test" },
          spans: [
            {
              traceId: "t1",
              spanId: "s1",
              name: "chat example-model",
              startTimeUnixNano: "1760000000000000000",
              endTimeUnixNano: "1760000001000000000",
              attributes: [
                attr("gen_ai.operation.name", "chat"),
                attr("gen_ai.request.model", "example-model"),
                attr("gen_ai.usage.input_tokens", 412),
                attr("gen_ai.usage.output_tokens", 37),
                attr("gen_ai.system_instructions", JSON.stringify([{ type: "text", content: "Be brief." }])),
                attr(
                  "gen_ai.input.messages",
                  JSON.stringify([{ role: "user", parts: [{ type: "text", content: "List files" }] }]),
                ),
                attr(
                  "gen_ai.output.messages",
                  JSON.stringify([
                    {
                      role: "assistant",
                      parts: [{ type: "tool_call", id: "t-1", name: "ls", arguments: { path: "." } }],
                      finish_reason: "tool_call",
                    },
                  ]),
                ),
              ],
            },
            {
              traceId: "t1",
              spanId: "s2",
              parentSpanId: "s1",
              name: "execute_tool ls",
              startTimeUnixNano: "1760000002000000000",
              attributes: [
                attr("gen_ai.operation.name", "execute_tool"),
                attr("gen_ai.tool.name", "ls"),
                attr("gen_ai.tool.call.id", "t-1"),
                attr("gen_ai.tool.call.result", "a.txt b.txt"),
              ],
            },
            {
              traceId: "t1",
              spanId: "s3",
              name: "chat example-model",
              startTimeUnixNano: "1760000003000000000",
              attributes: [
                attr("gen_ai.operation.name", "chat"),
                attr(
                  "gen_ai.input.messages",
                  JSON.stringify([
                    { role: "user", parts: [{ type: "text", content: "List files" }] },
                    {
                      role: "assistant",
                      parts: [{ type: "tool_call", id: "t-1", name: "ls", arguments: { path: "." } }],
                    },
                    {
                      role: "tool",
                      parts: [{ type: "tool_call_response", id: "t-1", response: "a.txt b.txt" }],
                    },
                  ]),
                ),
                attr(
                  "gen_ai.output.messages",
                  JSON.stringify([
                    { role: "assistant", parts: [{ type: "text", content: "a.txt and b.txt" }] },
                  ]),
                ),
              ],
              events: [
                {
                  name: "gen_ai.evaluation.result",
                  attributes: [
                    attr("gen_ai.evaluation.name", "reward"),
                    { key: "gen_ai.evaluation.score.value", value: { doubleValue: 0.9 } },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe("langfuse importer on the corpus", () => {
  it("rebuilds the OpenAI Agents trace without duplicating the history each call repeats", async () => {
    const { rollouts, errors } = await collectImport(
      langfuseImporter,
      corpusPath("langfuse-trace-export/openai-agents-2025-09-30.trace.json"),
    );
    expect(errors).toEqual([]);
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 5,
      calls: 1,
      results: 1,
      linked: 1,
    });
    const [rollout] = rollouts;
    expect(rollout.messages.map((message) => [message.role, message.text.slice(0, 28)])).toEqual([
      ["system", "You are a helpful agent."],
      ["user", "What's the weather in Tokyo?"],
      ["assistant", ""],
      ["tool", "The weather in Tokyo is sunn"],
      ["assistant", "The weather in Tokyo is curr"],
    ]);
    expect(rollout).toMatchObject({
      externalId: "fee618f96dc31e0ca38b2f7b26eb8b29",
      model: "gpt-4.1-2025-04-14",
      scores: { toxicity: 0.8, hallucination: 0 },
      reward: null,
    });
  });

  it("rebuilds the Claude Agent SDK trace, placing tool observations after their calls", async () => {
    const { rollouts } = await collectImport(
      langfuseImporter,
      corpusPath("langfuse-trace-export/claude-agent-2025-12-22.trace.json"),
    );
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 8,
      calls: 2,
      results: 2,
      linked: 2,
    });
    const messages = rollouts[0].messages;
    expect(messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(messages[4]).toMatchObject({
      text: "Weather in Berlin: Cloudy, 59°F",
      toolCallId: messages[3].toolCalls?.[0].id,
    });
    expect(messages[6]).toMatchObject({
      text: "Weather in New York: Sunny, 75°F",
      toolCallId: messages[5].toolCalls?.[0].id,
    });
    expect(rollouts[0].scores).toEqual({ correctness: 0, hallucination: 1, toxicity: 0 });
  });
});

describe("langfuse importer on edge cases", () => {
  it("imports OTel GenAI spans from OTLP JSON", async () => {
    const { rollouts, errors } = await collectImport(
      langfuseImporter,
      writeTempFile("otlp.json", JSON.stringify(OTLP)),
    );
    expect(errors).toEqual([]);
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 5,
      calls: 1,
      results: 1,
      linked: 1,
    });
    expect(rollouts[0].messages.map((message) => [message.role, message.text])).toEqual([
      ["system", "Be brief."],
      ["user", "List files"],
      ["assistant", ""],
      ["tool", "a.txt b.txt"],
      ["assistant", "a.txt and b.txt"],
    ]);
    expect(rollouts[0]).toMatchObject({
      externalId: "t1",
      model: "example-model",
      reward: 0.9,
      startedAt: "2025-10-09T08:53:20.000Z",
    });
    expect(rollouts[0].messages[2].tokens).toEqual({ input: 412, output: 37, total: 449 });
  });

  it("groups flat export rows by trace, reading naive UTC times and score rows", async () => {
    const rows = [
      {
        id: "o2",
        trace_id: "tr",
        type: "GENERATION",
        start_time: "2025-01-01 10:00:02.500000",
        input: JSON.stringify([{ role: "user", content: "hi" }]),
        output: JSON.stringify({ role: "assistant", content: "hello" }),
        provided_model_name: "m",
      },
      { id: "o9", trace_id: "other", type: "SPAN", start_time: "2025-01-01 11:00:00" },
      "{not json",
      { id: "sc", trace_id: "tr", name: "reward", value: 1 },
      {
        id: "o1",
        trace_id: "tr",
        type: "SPAN",
        start_time: "2025-01-01 10:00:00.000000",
        parent_observation_id: "",
      },
    ];
    const content = rows.map((row) => (typeof row === "string" ? row : JSON.stringify(row))).join("\n");
    const { rollouts, errors } = await collectImport(
      langfuseImporter,
      writeTempFile("observations.jsonl", content),
    );
    expect(rollouts).toHaveLength(1);
    expect(rollouts[0]).toMatchObject({
      externalId: "tr",
      reward: 1,
      model: "m",
      startedAt: "2025-01-01T10:00:00.000Z",
    });
    expect(rollouts[0].messages.map((message) => message.text)).toEqual(["hi", "hello"]);
    expect(rollouts[0].messages[1].createdAt).toBe("2025-01-01T10:00:02.500Z");
    expect(errors.map((error) => [error.line, error.message])).toEqual([
      [3, expect.stringMatching(/^malformed JSON/)],
      [2, "the trace has no model calls, tool calls or input/output to build a transcript from"],
    ]);
  });

  it("imports an API list of traces and refuses a record with no observations", async () => {
    const trace = {
      id: "a",
      timestamp: "2025-01-01T00:00:00Z",
      observations: [{ id: "g", type: "GENERATION", input: "q", output: "a" }],
      scores: [],
    };
    const { rollouts, errors } = await collectImport(
      langfuseImporter,
      writeTempFile(
        "list.jsonl",
        `${JSON.stringify({ data: [trace, { ...trace, id: "b" }] })}\n{"foo": 1}\n`,
      ),
    );
    expect(rollouts.map((rollout) => rollout.externalId)).toEqual(["a", "b"]);
    expect(errors.map((error) => error.message)).toEqual([
      'record has no "observations" (and no trace input/output)',
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { collectImport, writeTempFile } from "@/lib/imports/testing/corpus";
import { langfuseImporter } from "./langfuse";
import { countToolLinks } from "./shared/link-tool-results";

// A Langfuse trace export of a Google ADK agent instrumented with OpenInference: each LLM call's
// input and output are JSON strings holding the google-genai request and the ADK LlmResponse, in
// Gemini's layout (`contents` of `{role: user | model, parts}`, function calls and responses as
// parts, snake_case as the Python SDK dumps them); the top-level observations carry the content and
// `trace.observations` repeats them with input and output null.

const SYSTEM = "You are a weather agent. Use get_weather.";
const USER = { role: "user", parts: [{ text: "What is the weather in Paris?" }] };
const CALL = {
  role: "model",
  parts: [{ function_call: { id: "adk-1f2e", name: "get_weather", args: { city: "Paris" } } }],
};
const RESULT = {
  role: "user",
  parts: [
    { function_response: { id: "adk-1f2e", name: "get_weather", response: { result: "Sunny, 21 °C" } } },
  ],
};
const FINAL = {
  role: "model",
  parts: [{ text: "Let me think.", thought: true }, { text: "It is sunny in Paris, 21 °C." }],
};

const request = (contents: unknown[]) =>
  JSON.stringify({
    model: "gemini-2.5-flash",
    config: { system_instruction: SYSTEM, tools: [{}] },
    contents,
  });
const observations = [
  {
    id: "obs-agent",
    traceId: "trace-1",
    type: "AGENT",
    name: "invoke_agent weather_agent",
    startTime: "2025-11-01T10:00:00.000Z",
    endTime: "2025-11-01T10:00:06.000Z",
    input: JSON.stringify({ new_message: USER }),
    output: JSON.stringify({ content: FINAL }),
  },
  {
    id: "obs-llm-1",
    traceId: "trace-1",
    type: "GENERATION",
    name: "call_llm",
    parentObservationId: "obs-agent",
    startTime: "2025-11-01T10:00:01.000Z",
    endTime: "2025-11-01T10:00:02.000Z",
    model: "gemini-2.5-flash",
    input: request([USER]),
    output: JSON.stringify({
      content: CALL,
      usage_metadata: { prompt_token_count: 120, candidates_token_count: 8 },
    }),
  },
  {
    id: "obs-tool",
    traceId: "trace-1",
    type: "TOOL",
    name: "execute_tool get_weather",
    parentObservationId: "obs-agent",
    startTime: "2025-11-01T10:00:02.500Z",
    endTime: "2025-11-01T10:00:03.000Z",
    input: JSON.stringify({ city: "Paris" }),
    output: JSON.stringify({ result: "Sunny, 21 °C" }),
  },
  {
    id: "obs-llm-2",
    traceId: "trace-1",
    type: "GENERATION",
    name: "call_llm",
    parentObservationId: "obs-agent",
    startTime: "2025-11-01T10:00:04.000Z",
    endTime: "2025-11-01T10:00:05.000Z",
    model: "gemini-2.5-flash",
    input: request([USER, CALL, RESULT]),
    output: JSON.stringify({ content: FINAL }),
  },
];
const nulled = observations.map((observation) => ({ ...observation, input: null, output: null }));

describe("Langfuse traces whose messages are Gemini contents inside JSON strings", () => {
  it("keep the system prompt, the user turn, the function call, its result and the final answer", async () => {
    const document = { trace: { id: "trace-1", name: "weather_agent", observations: nulled }, observations };
    const path = writeTempFile("adk.trace.json", JSON.stringify(document));
    const { rollouts, errors } = await collectImport(langfuseImporter, path);
    expect(errors).toEqual([]);
    const [rollout] = rollouts;
    const shown = rollout.messages.map((m) => [m.role, m.text, m.toolCalls?.map((c) => c.name) ?? []]);
    expect(shown).toEqual([
      ["system", SYSTEM, []],
      ["user", "What is the weather in Paris?", []],
      ["assistant", "", ["get_weather"]],
      ["tool", expect.stringContaining("Sunny, 21 °C"), []],
      ["assistant", "It is sunny in Paris, 21 °C.", []],
    ]);
    expect(rollout.messages[2].toolCalls?.[0].arguments).toEqual({ city: "Paris" });
    expect(rollout.messages[4].reasoning).toBe("Let me think.");
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 1, results: 1, linked: 1 });
    expect(rollout.model).toBe("gemini-2.5-flash");
  });

  it("merges the two copies of the observations by id when only trace.observations has the content", async () => {
    const document = { trace: { id: "trace-1", observations }, observations: nulled };
    const path = writeTempFile("adk.trace.json", JSON.stringify(document));
    const { rollouts } = await collectImport(langfuseImporter, path);
    expect(rollouts[0].messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
  });
});

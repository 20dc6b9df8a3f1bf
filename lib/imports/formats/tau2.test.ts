import { describe, expect, it } from "vitest";
import { detectFormat } from "@/lib/imports/detect";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { collectImport, writeTempFile } from "@/lib/imports/testing/corpus";
import { countToolLinks } from "./shared/link-tool-results";
import { tau2Importer } from "./tau2";

// τ²-bench results in the layout of tau2-bench's Results model (data_model/simulation.py,
// message.py): a telecom (dual-control) simulation where the simulated user runs a tool on its own
// phone, the agent's thinking in raw_data, per-message turn_idx, cost and usage, reward_info.

const info = {
  git_commit: "a1b2c3d",
  num_trials: 2,
  max_steps: 200,
  max_errors: 10,
  user_info: {
    implementation: "user_simulator",
    llm: "gpt-4.1-2025-04-14",
    llm_args: { temperature: 0 },
    global_simulation_guidelines: "…",
  },
  agent_info: { implementation: "llm_agent", llm: "claude-sonnet-4-20250514", llm_args: { temperature: 0 } },
  environment_info: {
    domain_name: "telecom",
    policy: "# Telecom agent policy …",
    tool_defs: { get_customer_by_phone: {} },
  },
  seed: 300,
};
const at = (second: number) => `2025-07-01T10:00:${String(second).padStart(2, "0")}.000000`;
const simulation = (id: string, trial: number, reward: number, termination = "user_stop") => ({
  id,
  task_id: "[mobile_data_issue]airplane_mode_on|data_mode_off[PERSONA:None]",
  timestamp: at(0),
  start_time: at(0),
  end_time: at(30),
  duration: 30.2,
  termination_reason: termination,
  agent_cost: 0.0412,
  user_cost: 0.0051,
  reward_info: {
    reward,
    db_check: { db_match: true, db_reward: 1 },
    env_assertions: [
      { env_assertion: { func_name: "assert_mobile_data_status" }, met: reward === 1, reward },
    ],
    action_checks: null,
    reward_basis: ["ENV_ASSERTION"],
    reward_breakdown: { ENV_ASSERTION: reward },
  },
  messages: [
    { role: "assistant", content: "Hi! How can I help you today?", turn_idx: 0, timestamp: at(1), cost: 0 },
    {
      role: "user",
      content: "My mobile data isn't working.",
      turn_idx: 1,
      timestamp: at(2),
      cost: 0.001,
      usage: { prompt_tokens: 900, completion_tokens: 12 },
    },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "toolu_01",
          name: "get_customer_by_phone",
          arguments: { phone_number: "555-0100" },
          requestor: "assistant",
        },
      ],
      turn_idx: 2,
      timestamp: at(4),
      cost: 0.012,
      usage: { prompt_tokens: 4100, completion_tokens: 80 },
      raw_data: {
        choices: [
          {
            message: {
              role: "assistant",
              content: null,
              reasoning_content: "I should look the customer up first.",
              thinking_blocks: [
                { type: "thinking", thinking: "I should look the customer up first.", signature: "sig" },
              ],
            },
          },
        ],
      },
    },
    {
      id: "toolu_01",
      role: "tool",
      content: '{"customer_id": "C1001"}',
      requestor: "assistant",
      turn_idx: 3,
      timestamp: at(5),
      error: false,
    },
    {
      role: "assistant",
      content: "Please check whether airplane mode is on.",
      turn_idx: 4,
      timestamp: at(6),
      cost: 0.01,
    },
    {
      role: "user",
      content: null,
      tool_calls: [{ id: "call_u1", name: "toggle_airplane_mode", arguments: {}, requestor: "user" }],
      turn_idx: 5,
      timestamp: at(8),
      cost: 0.001,
    },
    {
      id: "call_u1",
      role: "tool",
      content: "Airplane mode is now OFF.",
      requestor: "user",
      turn_idx: 6,
      timestamp: at(9),
      error: false,
    },
    { role: "user", content: "Done, it works now. ###STOP###", turn_idx: 7, timestamp: at(10), cost: 0.001 },
  ],
  trial,
  seed: 300 + trial,
});

describe("τ²-bench results", () => {
  it("each simulation is a rollout: reward, task, trial, both models, tool calls from both sides, thinking", async () => {
    const name = "claude-sonnet-4_telecom_default_gpt-4.1_2trials.json";
    const document = {
      timestamp: at(0),
      info,
      tasks: [{ id: "t" }],
      simulations: [simulation("sim-1", 0, 1), simulation("sim-2", 1, 0, "max_steps")],
    };
    const path = writeTempFile(name, JSON.stringify(document, null, 2));
    expect(detectFormat(await readFormatSample({ path, name }))).toMatchObject({ format: "tau2" });
    const { rollouts, errors } = await collectImport(tau2Importer, path);
    expect(errors).toEqual([]);
    expect(rollouts).toHaveLength(2);
    const [first, second] = rollouts;
    expect(first).toMatchObject({
      externalId: "sim-1",
      taskKey: "[mobile_data_issue]airplane_mode_on|data_mode_off[PERSONA:None]",
      model: "claude-sonnet-4-20250514",
      harness: "tau2-bench/llm_agent",
      reward: 1,
      scores: { ENV_ASSERTION: 1, db: 1 },
      status: "completed",
      metadata: {
        userModel: "gpt-4.1-2025-04-14",
        domain: "telecom",
        trial: 0,
        terminationReason: "user_stop",
        agentCost: 0.0412,
      },
    });
    expect(second).toMatchObject({ reward: 0, status: "truncated", metadata: { trial: 1 } });
    expect(first.messages.map((m) => m.role)).toEqual([
      "assistant",
      "user",
      "assistant",
      "tool",
      "assistant",
      "user",
      "tool",
      "user",
    ]);
    expect(first.messages[2]).toMatchObject({
      reasoning: "I should look the customer up first.",
      tokens: { input: 4100, output: 80, total: 4180 },
      metadata: { turnIdx: 2, cost: 0.012 },
    });
    // The simulated user's own tool call and its result, linked.
    expect(first.messages[5]).toMatchObject({
      role: "user",
      toolCalls: [{ id: "call_u1", name: "toggle_airplane_mode" }],
      metadata: { toolCallsBy: "user" },
    });
    expect(first.messages[6]).toMatchObject({ toolCallId: "call_u1", metadata: { requestor: "user" } });
    expect(countToolLinks(first.messages)).toEqual({ calls: 2, results: 2, linked: 2 });
  });

  it("a broken simulation fails alone", async () => {
    const document = {
      info,
      simulations: [{ id: "bad", messages: [{ role: "narrator" }] }, simulation("sim-3", 0, 1)],
    };
    const path = writeTempFile("results.json", JSON.stringify(document));
    const { rollouts, errors } = await collectImport(tau2Importer, path);
    expect(rollouts.map((r) => r.externalId)).toEqual(["sim-3"]);
    expect(errors).toEqual([
      expect.objectContaining({ record: 1, message: expect.stringContaining('unknown role "narrator"') }),
    ]);
  });
});

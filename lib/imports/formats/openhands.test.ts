import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { CORPUS_DIR, collectImport, writeTempFile } from "@/lib/imports/testing/corpus";
import {
  DEFAULT_IMPORT_LIMITS,
  type ImportLimits,
  type NormalizedRollout,
  type ParsedRecord,
} from "@/lib/imports/types";
import { openhandsImporter } from "./openhands";
import { countToolLinks } from "./shared/link-tool-results";

const OH = join(CORPUS_DIR, "openhands");
const BASIC = join(OH, "basic.json");
const GUI = join(OH, "basic_gui_mode.json");
const WRONG_STATE = join(OH, "wrong_initial_state.json");
const OUTPUT = join(OH, "output.jsonl");

async function collect(path: string, limits?: ImportLimits): Promise<ParsedRecord[]> {
  return (await collectImport(openhandsImporter, path, limits)).items;
}

function rolloutsOf(records: ParsedRecord[]): NormalizedRollout[] {
  return records.flatMap((record) => (record.kind === "rollout" ? [record.rollout] : []));
}

function errorsOf(records: ParsedRecord[]): string[] {
  return records.flatMap((record) => (record.kind === "error" ? [record.message] : []));
}

function roles(rollout: NormalizedRollout): string {
  return rollout.messages.map((m) => m.role[0]).join("");
}

describe("openhands importer on V0 trajectories", () => {
  it("maps basic.json: user, edit call with its result, finish call", async () => {
    const records = await collect(BASIC);
    expect(records).toHaveLength(1);
    const [rollout] = rolloutsOf(records);
    expect(roles(rollout)).toBe("uata");
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 2, results: 1, linked: 1 });
    const edit = rollout.messages[1];
    expect(edit.text).toBe(
      "I'll help you create a simple 2048 game in Python. I'll use the str_replace_editor to create the file.",
    );
    expect(edit.toolCalls?.[0]).toMatchObject({
      id: "toolu_017nBp7UfiGqyrA7j77HgtFP",
      name: "str_replace_editor",
      arguments: { command: "create", path: "/workspace/game_2048.py" },
    });
    expect(edit).toMatchObject({
      model: "claude-3-5-sonnet-20241022",
      tokens: { input: 3486, output: 1135, total: 4621 },
    });
    expect(rollout.messages[2]).toMatchObject({
      toolCallId: "toolu_017nBp7UfiGqyrA7j77HgtFP",
      metadata: { observation: "edit", cause: 3 },
    });
    expect(rollout.messages[3].toolCalls?.[0]).toMatchObject({
      id: "toolu_01BUKu3B7nY574atNECkBiFk",
      name: "finish",
    });
    expect(rollout).toMatchObject({
      model: "claude-3-5-sonnet-20241022",
      harness: "openhands",
      status: "completed",
      taskKey: null,
    });
    expect(rollout.metadata).toMatchObject({ eventFormat: "v0", events: 4, finish: { outputs: {} } });
  });

  it("maps the GUI session: 18 events, 4 linked calls, agent states as metadata", async () => {
    const [rollout] = rolloutsOf(await collect(GUI));
    expect(rollout.messages).toHaveLength(10);
    expect(roles(rollout)).toBe("uatatatata");
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 4, results: 4, linked: 4 });
    expect(rollout.messages[2].metadata).toMatchObject({ observation: "run", exitCode: 0 });
    expect(rollout.messages[8].metadata).toMatchObject({ exitCode: -1 });
    const states = (rollout.metadata.agentStates as Array<{ state: string }>).map((s) => s.state);
    expect(states).toEqual(["loading", "init", "init", "running", "awaiting_user_input"]);
    expect(rollout.metadata.skippedEvents).toEqual({ "null observation": 3 });
  });

  it("maps the wrong-initial-state replay: 8 events, 4 calls, 3 results", async () => {
    const [rollout] = rolloutsOf(await collect(WRONG_STATE));
    expect(roles(rollout)).toBe("uatatata");
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 4, results: 3, linked: 3 });
    expect(rollout.messages[5].toolCalls?.[0]).toMatchObject({
      name: "str_replace_editor",
      arguments: { command: "view", path: "/workspace" },
    });
  });

  it("pairs observations by cause when there is no tool-call metadata, and merges parallel calls", async () => {
    const response = (id: string, calls: string[]) => ({
      id,
      model: "m",
      choices: [
        {
          message: {
            content: "two at once",
            tool_calls: calls.map((c) => ({
              id: c,
              function: { name: "execute_bash", arguments: `{"command": "${c}"}` },
            })),
          },
        },
      ],
    });
    const meta = (call: string, resp: string, calls: string[]) => ({
      function_name: "execute_bash",
      tool_call_id: call,
      model_response: response(resp, calls),
      total_calls_in_response: calls.length,
    });
    const events = [
      { id: 1, source: "user", action: "message", args: { content: "go" } },
      { id: 2, source: "agent", action: "run", args: { command: "ls", thought: "look" } },
      {
        id: 3,
        source: "agent",
        observation: "run",
        cause: 2,
        content: "a.py",
        extras: { metadata: { exit_code: 0 } },
      },
      {
        id: 4,
        source: "agent",
        action: "run",
        args: { command: "x" },
        tool_call_metadata: meta("c1", "r1", ["c1", "c2"]),
      },
      {
        id: 5,
        source: "agent",
        observation: "run",
        cause: 4,
        content: "one",
        tool_call_metadata: meta("c1", "r1", ["c1", "c2"]),
      },
      {
        id: 6,
        source: "agent",
        action: "run",
        args: { command: "y" },
        tool_call_metadata: meta("c2", "r1", ["c1", "c2"]),
      },
      {
        id: 7,
        source: "agent",
        observation: "run",
        cause: 6,
        content: "two",
        tool_call_metadata: meta("c2", "r1", ["c1", "c2"]),
      },
      { id: 8, source: "agent", observation: "error", content: "bad tool arguments" },
      {
        id: 9,
        source: "user",
        action: "run",
        args: { command: "git status" },
        message: "Running command: git status",
      },
      { id: 10, source: "agent", observation: "run", cause: 9, content: "clean" },
      {
        id: 11,
        source: "environment",
        observation: "agent_state_changed",
        content: "",
        extras: { agent_state: "error" },
      },
    ];
    const [rollout] = rolloutsOf(await collect(await writeTempFile("events.json", JSON.stringify(events))));
    expect(roles(rollout)).toBe("uatattuuu");
    expect(rollout.messages[7]).toMatchObject({
      text: "Running command: git status",
      metadata: { action: "run", source: "user" },
    });
    expect(rollout.messages[1]).toMatchObject({
      text: "look",
      toolCalls: [{ id: "openhands-event-2", name: "run", arguments: { command: "ls" } }],
    });
    expect(rollout.messages[2]).toMatchObject({ toolCallId: "openhands-event-2", toolName: "run" });
    expect(rollout.messages[3].toolCalls?.map((c) => [c.id, c.arguments])).toEqual([
      ["c1", { command: "c1" }],
      ["c2", { command: "c2" }],
    ]);
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 3, results: 3, linked: 3 });
    expect(rollout.messages[6]).toMatchObject({ role: "user", error: "bad tool arguments" });
    expect(rollout).toMatchObject({ status: "error", error: "bad tool arguments" });
  });
});

describe("openhands importer on evaluation output.jsonl", () => {
  it("maps 3 Multi-SWE-bench rows with their histories, patches and outcomes", async () => {
    const records = await collect(OUTPUT);
    expect(errorsOf(records)).toEqual([]);
    const rollouts = rolloutsOf(records);
    expect(rollouts.map((r) => r.taskKey)).toEqual([
      "ponylang__ponyc-4595",
      "ponylang__ponyc-4593",
      "ponylang__ponyc-4588",
    ]);
    expect(rollouts.map((r) => r.metadata.events)).toEqual([49, 70, 103]);
    expect(rollouts.map((r) => r.messages.length)).toEqual([47, 68, 101]);
    expect(rollouts.map((r) => countToolLinks(r.messages))).toEqual([
      { calls: 23, results: 22, linked: 22 },
      { calls: 33, results: 32, linked: 32 },
      { calls: 49, results: 49, linked: 49 },
    ]);
    expect(rollouts.map((r) => r.status)).toEqual(["completed", "completed", "truncated"]);
    expect(rollouts[2].error).toBe(
      "RuntimeError: Agent reached maximum iteration in headless mode. Current iteration: 50, max iteration: 50",
    );
    expect(rollouts.map((r) => r.reward)).toEqual([null, null, null]);
    expect(rollouts[0]).toMatchObject({
      model: "openai/openrouter-llama-4-maverick",
      harness: "openhands",
      metadata: {
        agentClass: "CodeActAgent",
        maxIterations: 50,
        metrics: {
          accumulatedCost: 0,
          modelCalls: 23,
          accumulatedTokenUsage: { prompt_tokens: 565158, completion_tokens: 2558 },
        },
        instance: { repo: "ponylang/ponyc" },
      },
    });
    expect(String((rollouts[0].metadata.testResult as { git_patch: string }).git_patch)).toMatch(
      /^diff --git a\/src\/libponyc\/ast\/parser\.c/,
    );
    expect(rollouts[0].messages[0].role).toBe("system");
    expect(rollouts[0].messages[1].text).toMatch(/^<uploaded_files>\n\/workspace\/ponylang__ponyc__0\.1/);
    expect(rollouts[1].messages.filter((m) => m.error)).toHaveLength(1);
  });

  it("reads a verdict as the reward when the row has one, and reports bad lines", async () => {
    const row = JSON.parse((await readFile(OUTPUT, "utf8")).split("\n")[0]);
    const resolved = { ...row, instance_id: "a-1", report: { resolved: true } };
    const failed = {
      ...row,
      instance_id: "a-2",
      test_result: { git_patch: "", report: { resolved: false } },
    };
    const text = [
      JSON.stringify(resolved),
      "{oops",
      JSON.stringify({ instance_id: "x" }),
      JSON.stringify(failed),
    ].join("\n");
    const records = await collect(await writeTempFile("eval.jsonl", text));
    expect(records.map((r) => [r.kind, r.record, r.line])).toEqual([
      ["rollout", 1, 1],
      ["error", 2, 2],
      ["error", 3, 3],
      ["rollout", 4, 4],
    ]);
    expect(rolloutsOf(records).map((r) => [r.taskKey, r.reward])).toEqual([
      ["a-1", 1],
      ["a-2", 0],
    ]);
    expect(errorsOf(records)[1]).toBe(
      'not OpenHands data: expected an event, an evaluation row with "history", or "trajectory"/"events"',
    );
  });
});

describe("openhands importer edge cases and detection", () => {
  it("detects OpenHands files and not other formats", async () => {
    const score = async (path: string) =>
      openhandsImporter.detect(await readFormatSample({ path, name: path }));
    expect(await Promise.all([BASIC, GUI, WRONG_STATE, OUTPUT].map(score))).toEqual([90, 90, 90, 90]);
    expect(await score(join(CORPUS_DIR, "swe-agent/marshmallow-code__marshmallow-1867.traj"))).toBe(0);
    expect(await score(join(CORPUS_DIR, "inspect-ai-json/2025-05-12T20-27-36-04-00_browser.json"))).toBe(0);
    expect(
      await score(
        join(CORPUS_DIR, "openai-chat/mini-swe-agent-deepseek-chat/sqlfluff__sqlfluff-2419.traj.json"),
      ),
    ).toBe(0);
  });

  it("reports empty, truncated and oversized inputs", async () => {
    expect(errorsOf(await collect(await writeTempFile("empty.json", "")))).toEqual([
      "the file is empty or does not start with JSON ('{' or '[')",
    ]);
    const full = await readFile(GUI, "utf8");
    const truncated = await collect(
      await writeTempFile("cut.json", full.slice(0, Math.floor(full.length / 2))),
    );
    expect(rolloutsOf(truncated)).toHaveLength(1);
    expect(errorsOf(truncated)).toHaveLength(1);
    expect(errorsOf(truncated)[0]).toMatch(/truncated/);
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxRecordBytes: 100_000 };
    const big = await collect(OUTPUT, limits);
    expect(errorsOf(big)).toEqual([
      "line is longer than the 97.7 KiB record limit; skipped",
      "line is longer than the 97.7 KiB record limit; skipped",
      "line is longer than the 97.7 KiB record limit; skipped",
    ]);
  });
});

describe("old OpenDevin/OpenHands evaluation rows (history as [action, observation] pairs)", () => {
  // The layout of `evaluation/swe_bench/run_infer.py` in 2024: `swe_instance`, `metadata.model_name`,
  // `history` as pairs of event_to_dict(action), event_to_dict(observation), `test_result.result`.
  const row = {
    instance_id: "astropy__astropy-12907",
    swe_instance: {
      repo: "astropy/astropy",
      instance_id: "astropy__astropy-12907",
      base_commit: "d16bfe05a744909de4b27f5875fe0d4ed41ce607",
      problem_statement: "Modeling's `separability_matrix` does not compute separability correctly",
      version: "4.3",
      FAIL_TO_PASS: '["astropy/modeling/tests/test_separable.py::test_separable[compound_model6]"]',
    },
    instruction: "Please fix the following issue for the repository in /workspace/astropy__astropy__4.3.",
    git_patch: "diff --git a/astropy/modeling/separable.py b/astropy/modeling/separable.py\n",
    metadata: {
      agent_class: "CodeActAgent",
      model_name: "gpt-4o-2024-05-13",
      max_iterations: 50,
      eval_output_dir:
        "evaluation/evaluation_outputs/outputs/swe_bench/CodeActAgent/gpt-4o-2024-05-13_maxiter_50_N_v1.5",
      start_time: "2024-06-02 10:12:41",
      git_commit: "b2a5c9c1f6c0e5cbd6a4b1b7f1e0b7ff6b6b0b0c",
      dataset: "princeton-nlp/SWE-bench_Lite",
      data_split: "test",
    },
    history: [
      [
        {
          id: 0,
          timestamp: "2024-06-02T10:12:45",
          source: "user",
          message: "Please fix the following issue",
          action: "message",
          args: { content: "Please fix the following issue", wait_for_response: false },
        },
        { message: "No observation", observation: "null", content: "", extras: {} },
      ],
      [
        {
          id: 3,
          timestamp: "2024-06-02T10:12:50",
          source: "agent",
          message: "Running command: grep -n _cstack astropy/modeling/separable.py",
          action: "run",
          args: { command: "grep -n _cstack astropy/modeling/separable.py", thought: "Let me look." },
        },
        {
          id: 4,
          timestamp: "2024-06-02T10:12:51",
          source: "agent",
          cause: 3,
          message: "Command `grep` executed with exit code 0.",
          observation: "run",
          content: "219:def _cstack(left, right):",
          extras: { command_id: -1, command: "grep -n _cstack astropy/modeling/separable.py", exit_code: 0 },
        },
      ],
    ],
    error: null,
    test_result: { result: { resolved: true } },
  };

  it("keeps the model named in metadata, the benchmark instance and the dataset", async () => {
    const path = writeTempFile("output.jsonl", `${JSON.stringify(row)}\n`);
    const sample = await readFormatSample({ path, name: "output.jsonl" });
    expect(openhandsImporter.detect(sample)).toBeGreaterThan(0);
    const [rollout] = rolloutsOf(await collect(path));
    expect(rollout).toMatchObject({
      externalId: "astropy__astropy-12907",
      taskKey: "astropy__astropy-12907",
      model: "gpt-4o-2024-05-13",
      reward: 1,
    });
    expect(rollout.metadata).toMatchObject({
      agentClass: "CodeActAgent",
      dataset: "princeton-nlp/SWE-bench_Lite",
      dataSplit: "test",
      instance: {
        repo: "astropy/astropy",
        base_commit: "d16bfe05a744909de4b27f5875fe0d4ed41ce607",
        version: "4.3",
      },
    });
    expect(rollout.metadata.instance).not.toHaveProperty("problem_statement");
    expect(countToolLinks(rollout.messages)).toMatchObject({ calls: 1, linked: 1 });
  });
});

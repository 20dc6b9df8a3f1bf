import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { detectFormat } from "@/lib/imports/detect";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { collectImport, writeTempFile } from "@/lib/imports/testing/corpus";
import { codexImporter } from "./codex";
import { countToolLinks } from "./shared/link-tool-results";

// A Codex CLI session in the layout codex-rs writes (`RolloutLine` = {timestamp, type, payload} of a
// `RolloutItem`; docs/formats/codex-cli.md): session meta, a turn context, the user's turn as a
// response item and again as an event, encrypted reasoning with a summary, a shell function call
// with its output (JSON with exit code), an apply_patch custom tool call, token counts.

const T = (second: number) => `2025-09-20T10:00:${String(second).padStart(2, "0")}.000Z`;
const SESSION = [
  {
    timestamp: T(0),
    type: "session_meta",
    payload: {
      id: "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
      timestamp: T(0),
      cwd: "/home/dev/app",
      originator: "codex_cli_rs",
      cli_version: "0.39.0",
      instructions: null,
      source: "cli",
      model_provider: "openai",
      git: { commit_hash: "3f1c2d9", branch: "main", repository_url: "https://github.com/example/app" },
    },
  },
  {
    timestamp: T(1),
    type: "response_item",
    payload: {
      type: "message",
      role: "user",
      content: [
        {
          type: "input_text",
          text: "<environment_context>\n  <cwd>/home/dev/app</cwd>\n</environment_context>",
        },
      ],
    },
  },
  {
    timestamp: T(2),
    type: "turn_context",
    payload: {
      cwd: "/home/dev/app",
      approval_policy: "on-request",
      model: "gpt-5-codex",
      effort: "medium",
      summary: "auto",
    },
  },
  {
    timestamp: T(2),
    type: "response_item",
    payload: {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "Fix the failing test in test_math.py" }],
    },
  },
  {
    timestamp: T(2),
    type: "event_msg",
    payload: { type: "user_message", message: "Fix the failing test in test_math.py", images: [] },
  },
  {
    timestamp: T(4),
    type: "response_item",
    payload: {
      type: "reasoning",
      summary: [{ type: "summary_text", text: "**Inspecting the test**" }],
      content: null,
      encrypted_content: "gAAAAABo0q3x-encrypted",
    },
  },
  {
    timestamp: T(4),
    type: "event_msg",
    payload: { type: "agent_reasoning", text: "**Inspecting the test**" },
  },
  {
    timestamp: T(5),
    type: "response_item",
    payload: {
      type: "function_call",
      name: "shell",
      arguments: JSON.stringify({
        command: ["bash", "-lc", "pytest -q test_math.py"],
        workdir: "/home/dev/app",
      }),
      call_id: "call_shell_1",
    },
  },
  {
    timestamp: T(7),
    type: "response_item",
    payload: {
      type: "function_call_output",
      call_id: "call_shell_1",
      output: JSON.stringify({
        output: "F\nE   assert add(2, 2) == 5\n1 failed",
        metadata: { exit_code: 1, duration_seconds: 0.4 },
      }),
    },
  },
  {
    timestamp: T(8),
    type: "event_msg",
    payload: {
      type: "token_count",
      info: {
        total_token_usage: {
          input_tokens: 5120,
          cached_input_tokens: 4096,
          output_tokens: 210,
          reasoning_output_tokens: 64,
          total_tokens: 5330,
        },
        last_token_usage: {
          input_tokens: 5120,
          cached_input_tokens: 4096,
          output_tokens: 210,
          reasoning_output_tokens: 64,
          total_tokens: 5330,
        },
        model_context_window: 272000,
      },
    },
  },
  {
    timestamp: T(9),
    type: "response_item",
    payload: {
      type: "custom_tool_call",
      status: "completed",
      call_id: "call_patch_1",
      name: "apply_patch",
      input:
        "*** Begin Patch\n*** Update File: test_math.py\n-    assert add(2, 2) == 5\n+    assert add(2, 2) == 4\n*** End Patch\n",
    },
  },
  {
    timestamp: T(10),
    type: "response_item",
    payload: {
      type: "custom_tool_call_output",
      call_id: "call_patch_1",
      output: JSON.stringify({
        output: "Success. Updated the following files:\nM test_math.py\n",
        metadata: { exit_code: 0, duration_seconds: 0 },
      }),
    },
  },
  {
    timestamp: T(12),
    type: "response_item",
    payload: {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "Fixed the expected value; the test passes." }],
    },
  },
  {
    timestamp: T(12),
    type: "event_msg",
    payload: { type: "agent_message", message: "Fixed the expected value; the test passes." },
  },
];

const write = (lines: unknown[], name = "rollout-2025-09-20T10-00-00-0199a1b2.jsonl") =>
  writeTempFile(
    name,
    `${lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n")}\n`,
  );

describe("Codex CLI sessions", () => {
  it("are detected and import as one rollout: each turn once, calls linked to outputs, reasoning, tokens", async () => {
    const path = write(SESSION);
    expect(detectFormat(await readFormatSample({ path, name: basename(path) }))).toMatchObject({
      format: "codex",
    });
    const { rollouts, errors, items } = await collectImport(codexImporter, path);
    expect(errors).toEqual([]);
    expect(rollouts).toHaveLength(1);
    const [rollout] = rollouts;
    expect(rollout).toMatchObject({
      externalId: "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
      model: "gpt-5-codex",
      harness: "codex-cli",
      status: "completed",
      startedAt: T(0),
      endedAt: T(12),
      metadata: {
        cliVersion: "0.39.0",
        cwd: "/home/dev/app",
        originator: "codex_cli_rs",
        encryptedReasoningItems: 1,
      },
    });
    expect(rollout.messages.map((m) => m.role)).toEqual([
      "user",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    // The user's turn once, though the event stream repeats it.
    expect(rollout.messages.filter((m) => m.text === "Fix the failing test in test_math.py")).toHaveLength(1);
    expect(rollout.messages[0].metadata).toMatchObject({ context: true });
    expect(rollout.messages[2]).toMatchObject({
      reasoning: "**Inspecting the test**",
      toolCalls: [
        {
          id: "call_shell_1",
          name: "shell",
          arguments: { command: ["bash", "-lc", "pytest -q test_math.py"] },
        },
      ],
      tokens: { input: 5120, output: 210, total: 5330 },
    });
    expect(rollout.messages[3]).toMatchObject({
      toolCallId: "call_shell_1",
      toolName: "shell",
      text: "F\nE   assert add(2, 2) == 5\n1 failed",
      error: "exit code 1",
    });
    expect(rollout.messages[4].toolCalls?.[0]).toMatchObject({
      name: "apply_patch",
      arguments: { input: expect.stringContaining("*** Begin Patch") },
    });
    expect(rollout.messages[5]).toMatchObject({
      toolCallId: "call_patch_1",
      text: expect.stringContaining("Success."),
    });
    expect(rollout.messages[5].error ?? null).toBeNull();
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 2, results: 2, linked: 2 });
    const skipped = Object.fromEntries(
      items.flatMap((item) => (item.kind === "skipped" ? [[item.type, item.count]] : [])),
    );
    expect(skipped).toEqual({
      "event_msg:user_message": 1,
      "event_msg:agent_reasoning": 1,
      "event_msg:agent_message": 1,
    });
  });

  it("a session stopped on an unanswered call is truncated; a broken line fails alone", async () => {
    const cut = await collectImport(codexImporter, write(SESSION.slice(0, 8)));
    expect(cut.rollouts[0].status).toBe("truncated");
    const lines: unknown[] = [...SESSION];
    lines.splice(
      4,
      0,
      '{"timestamp":"2025-09-20T10:00:03.000Z","type":"response_item","payload":{"type":"mess',
    );
    const broken = await collectImport(codexImporter, write(lines));
    expect(broken.errors).toEqual([expect.objectContaining({ line: 5 })]);
    expect(broken.rollouts).toHaveLength(1);
    expect(broken.rollouts[0].messages.find((m) => m.metadata?.unreadable)).toMatchObject({
      error: expect.stringMatching(/^line 5 could not be read/),
    });
    expect(countToolLinks(broken.rollouts[0].messages)).toEqual({ calls: 2, results: 2, linked: 2 });
  });

  it("does not claim Claude Code sessions or OpenAI chat JSONL", () => {
    const claude = { type: "user", sessionId: "s", uuid: "u", message: { role: "user", content: "hi" } };
    const chat = { messages: [{ role: "user", content: "hi" }] };
    for (const line of [claude, chat]) {
      expect(codexImporter.detect({ name: "x.jsonl", head: Buffer.from(`${JSON.stringify(line)}\n`) })).toBe(
        0,
      );
    }
  });
});

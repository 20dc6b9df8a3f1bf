import { describe, expect, it } from "vitest";
import { DEMO_TASK_KEYS, listDemoRollouts } from "./rollout-scenarios";

describe("demo rollouts", () => {
  const rollouts = listDemoRollouts();

  it("are deterministic", () => {
    expect(JSON.stringify(listDemoRollouts())).toBe(JSON.stringify(rollouts));
  });

  it("include a long agentic transcript of about 2,000 messages with many tool calls", () => {
    const long = rollouts.find((r) => r.taskKey === DEMO_TASK_KEYS.refactor)!;
    expect(long.messages).toHaveLength(1995);
    expect(long.messages.reduce((n, m) => n + (m.toolCalls?.length ?? 0), 0)).toBe(664);
    expect(long.messages.filter((m) => m.error).length).toBeGreaterThan(10);
  });

  it("link every tool result to an earlier call", () => {
    for (const rollout of rollouts) {
      const seen = new Set<string>();
      for (const m of rollout.messages) {
        for (const c of m.toolCalls ?? []) seen.add(c.id);
        if (m.role === "tool")
          expect(seen.has(m.toolCallId ?? ""), `${rollout.externalId} ${m.toolCallId}`).toBe(true);
      }
    }
  });

  it("cover a reward hack, tool errors, unicode and a huge malformed tool output", () => {
    const hack = rollouts.find((r) => r.taskKey === DEMO_TASK_KEYS.hack)!;
    expect(hack.reward).toBe(1);
    expect(JSON.stringify(hack.messages)).toContain("/grader/answer_key.json");
    const failing = rollouts.find((r) => r.taskKey === DEMO_TASK_KEYS.deploy)!;
    expect(failing.messages.filter((m) => m.role === "tool" && m.error)).toHaveLength(3);
    expect(rollouts.find((r) => r.taskKey === DEMO_TASK_KEYS.unicode)!.messages[1].text).toContain(
      "صباح الخير",
    );
    const huge = rollouts.find((r) => r.taskKey === DEMO_TASK_KEYS.logs)!;
    expect(huge.messages[2].text.length).toBeGreaterThan(1_000_000);
    expect(typeof huge.messages[1].toolCalls?.[0].arguments).toBe("string");
    expect(rollouts.filter((r) => r.taskKey === DEMO_TASK_KEYS.arithmetic).map((r) => r.model)).toEqual([
      "gpt-4.1",
      "claude-sonnet-4",
      "qwen3-30b-a3b",
    ]);
  });
});

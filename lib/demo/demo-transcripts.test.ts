import { describe, expect, it } from "vitest";
import { listDemoTaskInputs } from "./demo-tasks";
import { buildEvidenceRecords, type EvidenceTask } from "./evidence-records";
import { DEMO_TASK_SUBJECTS } from "./evidence-transcripts";
import { DEMO_HACK_TASK } from "./hack-scenarios";
import { listDemoRollouts, DEMO_TASK_KEYS as SCENARIO_TASKS } from "./rollout-scenarios";

// Every transcript the demo seeds is about its own task: what the agent says and does (its answers,
// reasoning, tool calls and their results) names the task's subject. A `reproduce-redacted` rollout
// that says "I summarised the proposal…" fails here. And no demo reward is above 1 without the
// scores that explain it.

type Message = { role: string; content?: string | null; reasoning_content?: string; tool_calls?: unknown[] };

const demoTasks: EvidenceTask[] = listDemoTaskInputs().map(({ key, input }) => ({
  key,
  title: input.title,
  prompt: input.prompt,
  scoringMode: input.scoring.mode,
  scoringThreshold: input.scoring.threshold ?? null,
  bestKnownScore: null,
  criteria: (input.criteria ?? []).map((c) => c.key),
}));
const records = buildEvidenceRecords(demoTasks).map(
  (line) => JSON.parse(line) as { id: string; task: string; reward: number; messages: Message[] },
);

/** What the agent contributed: everything after the task's prompt. */
function agentText(messages: Message[]): string {
  return messages
    .filter((m) => m.role === "assistant" || m.role === "tool")
    .map((m) => [m.content ?? "", m.reasoning_content ?? "", JSON.stringify(m.tool_calls ?? [])].join("\n"))
    .join("\n");
}

describe("the demo environment's rollouts", () => {
  it("cover every demo task with a subject taken from the task itself", () => {
    expect(new Set(records.map((r) => r.task))).toEqual(new Set(demoTasks.map((t) => t.key)));
    for (const task of demoTasks) {
      expect(`${task.title}\n${task.prompt}`, task.key).toContain(DEMO_TASK_SUBJECTS[task.key]);
    }
  });

  it("show the agent working on its own task in every transcript", () => {
    const offTopic = records.filter((r) => !agentText(r.messages).includes(DEMO_TASK_SUBJECTS[r.task]));
    expect(offTopic.map((r) => r.id)).toEqual([]);
    for (const record of records) {
      const prompt = demoTasks.find((t) => t.key === record.task)?.prompt.trim();
      expect(record.messages.find((m) => m.role === "user")?.content).toBe(prompt);
    }
  });

  it("include long agentic runs: tool calls, long tool results and reasoning", () => {
    const toolCalls = (r: (typeof records)[number]) =>
      r.messages.reduce((n, m) => n + (m.tool_calls ?? []).length, 0);
    const long = records.filter((r) => toolCalls(r) >= 3);
    expect(new Set(long.map((r) => r.task)).size).toBeGreaterThanOrEqual(3);
    for (const record of long) {
      expect(record.messages.some((m) => m.reasoning_content)).toBe(true);
    }
    const longestToolResult = Math.max(
      ...long.flatMap((r) =>
        r.messages.filter((m) => m.role === "tool").map((m) => (m.content ?? "").length),
      ),
    );
    expect(longestToolResult).toBeGreaterThan(5_000);
  });

  it("keep every reward between 0 and 1", () => {
    expect(records.filter((r) => r.reward < 0 || r.reward > 1).map((r) => `${r.id}: ${r.reward}`)).toEqual(
      [],
    );
  });
});

describe("the demo's hand-made scenarios", () => {
  const SUBJECTS: Record<string, string> = {
    [SCENARIO_TASKS.refactor]: "payments",
    [SCENARIO_TASKS.arithmetic]: "prime",
    [SCENARIO_TASKS.deploy]: "billing-api",
    [SCENARIO_TASKS.hack]: "pytest",
    [SCENARIO_TASKS.unicode]: "Καλημέρα",
    [SCENARIO_TASKS.logs]: "build",
    [DEMO_HACK_TASK]: "dates",
  };

  it("each talk about their task", () => {
    for (const rollout of listDemoRollouts()) {
      const subject = SUBJECTS[rollout.taskKey ?? ""];
      expect(subject, `no subject for ${rollout.taskKey}`).toBeDefined();
      const text = rollout.messages
        .filter((m) => m.role !== "system" && m.role !== "user")
        .map((m) => [m.text, m.reasoning ?? "", JSON.stringify(m.toolCalls ?? [])].join("\n"))
        .join("\n");
      expect(text.toLowerCase(), rollout.externalId ?? "").toContain(subject.toLowerCase());
    }
  });

  it("score above 1 only where their scores add up to the reward (a bonus the rollout page explains)", () => {
    for (const rollout of listDemoRollouts().filter((r) => (r.reward ?? 0) > 1)) {
      const sum = Object.values(rollout.scores ?? {}).reduce((a, b) => a + b, 0);
      expect(sum, rollout.externalId ?? "").toBeCloseTo(rollout.reward ?? 0, 9);
    }
    expect(listDemoRollouts().some((r) => (r.reward ?? 0) > 1)).toBe(true);
  });
});

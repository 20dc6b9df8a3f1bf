import type { Ctx } from "@/lib/auth/context";
import { appendRollouts } from "@/lib/runs/append-rollouts";
import { closeLiveRun } from "@/lib/runs/close-run";
import { createLiveRun } from "@/lib/runs/create-run";

// A training run streamed in through the live-run verbs, so the run page has a story to tell: over
// 20 steps the reward rises and the policy gives up less, but from step 12 some rollouts "pass" by
// rewriting the tests (a write_file call on tests/…), a reward hack the step comparison shows appearing.
// Deterministic (a seeded generator), like the example in clients/python/examples/verifiers_loop.py.

export const DEMO_LIVE_RUN = "grpo-coding (demo)";
const STEPS = 20;
const HACK_STEP = 12;
const GROUP = 4;
const TASKS = ["fix-off-by-one", "parse-dates", "dedupe-rows", "retry-http", "merge-intervals"];
const BATCH = 100;

type Message = Record<string, unknown>;

/** mulberry32: a tiny seeded generator, so every seed writes the same run. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const call = (id: string, name: string, args: Record<string, unknown>): Message => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
});
const result = (id: string, content: string): Message => ({ role: "tool", tool_call_id: id, content });

function generateRollout(step: number, task: string, taskIndex: number, random: () => number) {
  const skill = step / (STEPS - 1);
  const messages: Message[] = [
    { role: "system", content: "You are a coding agent. Make the failing tests pass by fixing the code." },
    {
      role: "user",
      content: `Task ${task}: tests/test_${task.replaceAll("-", "_")}.py fails. Fix src/${task}.py.`,
    },
    call("a", "bash", { cmd: `pytest tests/test_${task.replaceAll("-", "_")}.py -x` }),
    result("a", "FAILED tests/test_case.py::test_edge - AssertionError: 1 failed"),
    call("b", "read_file", { path: `src/${task}.py` }),
    result("b", "def solve(items):\n    return items[1:]"),
  ];
  const hackChance = step >= HACK_STEP ? 0.25 + (0.5 * (step - HACK_STEP)) / (STEPS - HACK_STEP) : 0;
  if (random() < hackChance) {
    messages.push(
      call("c", "write_file", {
        path: `tests/test_${task.replaceAll("-", "_")}.py`,
        content: "def test_ok():\n    assert True",
      }),
      result("c", "written"),
      call("d", "bash", { cmd: "pytest -q" }),
      result("d", "1 passed"),
      {
        role: "assistant",
        content: "I simplified the test so it checks the essentials; everything passes now.",
      },
    );
    return { messages, reward: 1 };
  }
  if (random() < 0.3 * (1 - skill)) {
    messages.push({
      role: "assistant",
      content: "GIVE UP: I could not find which input breaks the function.",
    });
    return { messages, reward: 0 };
  }
  const solved = random() < 0.15 + 0.6 * skill - 0.05 * taskIndex;
  messages.push(
    call("c", "edit_file", { path: `src/${task}.py`, content: "def solve(items):\n    return items" }),
    result("c", "written"),
    call("d", "bash", { cmd: "pytest -q" }),
    result("d", solved ? "1 passed" : "1 failed"),
    {
      role: "assistant",
      content: solved ? "Fixed: the slice dropped the first element." : "The test still fails.",
    },
  );
  return { messages, reward: solved ? 1 : Math.round(random() * 40) / 100 };
}

/** The demo run's items, step by step (what a trainer would send). */
export function listDemoLiveItems() {
  const random = createRandom(42);
  const items = [];
  for (let step = 0; step < STEPS; step++) {
    for (const [taskIndex, task] of TASKS.entries()) {
      for (let r = 0; r < GROUP; r++) {
        const { messages, reward } = generateRollout(step, task, taskIndex, random);
        items.push({
          key: `step${step}-${task}-${r}`,
          step,
          task,
          model: "qwen-coder-7b-grpo",
          reward,
          messages,
        });
      }
    }
  }
  return items;
}

export async function seedDemoLiveRun(workspace: {
  id: string;
  slug: string;
  name: string;
}): Promise<string> {
  const ctx: Ctx = { actor: { kind: "cli" }, workspace, role: "owner" };
  const run = await createLiveRun({
    ctx,
    input: {
      name: DEMO_LIVE_RUN,
      metadata: {
        trainer: "prime-rl",
        base_model: "qwen-coder-7b",
        algorithm: "GRPO",
        environment: "coding-fixes@3",
      },
    },
  });
  const items = listDemoLiveItems();
  for (let start = 0; start < items.length; start += BATCH) {
    await appendRollouts({ ctx, runId: run.id, input: { items: items.slice(start, start + BATCH) } });
  }
  await closeLiveRun({ ctx, runId: run.id });
  return run.id;
}

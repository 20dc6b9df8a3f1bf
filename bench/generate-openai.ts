import { once } from "node:events";
import fs from "node:fs";

// Deterministic OpenAI-format rollouts for the import benchmark: ~26 messages each (system, user,
// 12 tool-call rounds) and ~22 KB per line, so 20,000 rollouts make about 450 MB.

function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS =
  "the agent reads file test output grader patch function value error result check model tool call bash python run".split(
    " ",
  );

function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
}

export function makeRollout(index: number): string {
  const random = pseudoRandom(index + 1);
  const messages: unknown[] = [
    { role: "system", content: `You are a careful software agent. ${sentence(random, 60)}` },
    { role: "user", content: `Task ${index}: ${sentence(random, 120)}` },
  ];
  for (let turn = 0; turn < 12; turn++) {
    const id = `call_${index}_${turn}`;
    messages.push({
      role: "assistant",
      content: sentence(random, 50),
      tool_calls: [
        {
          id,
          type: "function",
          function: {
            name: "bash",
            arguments: JSON.stringify({ command: `grep -n '${sentence(random, 3)}' src/file_${turn}.py` }),
          },
        },
      ],
    });
    messages.push({ role: "tool", tool_call_id: id, content: sentence(random, 230) });
  }
  return JSON.stringify({
    messages,
    task: `task-${index % 500}`,
    reward: Math.round(random() * 100) / 100,
    model: index % 2 ? "model-a" : "model-b",
  });
}

/** Writes `count` rollouts as JSONL; returns the file size in bytes. */
export async function writeOpenAiJsonl(path: string, count: number): Promise<number> {
  const out = fs.createWriteStream(path);
  for (let i = 0; i < count; i++) {
    if (!out.write(`${makeRollout(i)}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return fs.statSync(path).size;
}

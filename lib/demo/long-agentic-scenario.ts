import type { NormalizedMessage, NormalizedRollout } from "@/lib/imports/types";

// A long agentic transcript (about 2,000 messages, ~660 tool calls), generated from a fixed seed.

const TURNS = 664;
const FILES = [
  "src/payments/charge.ts",
  "src/payments/refund.ts",
  "src/payments/ledger.ts",
  "src/api/routes.ts",
  "test/payments.test.ts",
];
const TOOLS = ["read_file", "bash", "edit_file", "search"] as const;

/** mulberry32: a tiny deterministic PRNG so the demo is identical on every machine. */
function createRandom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function buildStep(turn: number, random: () => number): NormalizedMessage[] {
  const name = TOOLS[Math.floor(random() * TOOLS.length)];
  const file = FILES[Math.floor(random() * FILES.length)];
  const id = `call_${turn.toString(36)}`;
  const args =
    name === "bash"
      ? { cmd: random() < 0.5 ? "npm test -- payments" : `git diff --stat ${file}` }
      : name === "search"
        ? { pattern: `processRefund|chargeCard`, path: "src/" }
        : name === "edit_file"
          ? { path: file, find: `amount * 100`, replace: `toMinorUnits(amount, currency)` }
          : { path: file, startLine: Math.floor(random() * 200), endLine: 240 };
  const isError = random() < 0.04;
  const output =
    name === "bash"
      ? `> payments@1.0.0 test\n\n PASS test/payments.test.ts (${(random() * 3).toFixed(2)} s)\n  ✓ charges in minor units\n  ${random() < 0.3 ? "✕ refunds keep currency" : "✓ refunds keep currency"}\n`
      : name === "search"
        ? `${file}:${Math.floor(random() * 300)}: export async function processRefund(charge: Charge) {`
        : name === "edit_file"
          ? `Applied 1 hunk to ${file}.`
          : Array.from(
              { length: 12 },
              (_, i) => `${120 + i}  const cents = Math.round(amount * 100); // step ${turn}`,
            ).join("\n");
  const assistant: NormalizedMessage = {
    role: "assistant",
    text:
      turn % 7 === 0 ? `Step ${turn}: checking how \`${file}\` handles currencies before changing it.` : "",
    reasoning:
      turn % 5 === 0
        ? `The refund path still multiplies by 100 in ${file}; JPY has no minor unit, so this breaks for it.`
        : null,
    toolCalls: [{ id, name, arguments: args }],
    tokens: { input: 1200 + turn * 14, output: 40 + Math.floor(random() * 200) },
  };
  const result: NormalizedMessage = {
    role: "tool",
    toolCallId: id,
    toolName: name,
    text: isError ? "" : output,
    error: isError ? `${name}: EACCES: permission denied, open '${file}'` : null,
  };
  const note: NormalizedMessage = { role: "user", text: `Continue. (${TURNS - turn} steps of budget left)` };
  return turn % 2 === 0 ? [assistant, result, note] : [assistant, result, { ...note, text: "Keep going." }];
}

export function buildLongAgenticRollout(taskKey: string): NormalizedRollout {
  const random = createRandom(20260112);
  const messages: NormalizedMessage[] = [
    {
      role: "system",
      text: `You are a senior engineer working in a TypeScript monorepo.\nTools: ${TOOLS.join(", ")}.\nAlways run the tests before finishing.`,
    },
    {
      role: "user",
      text: "Refactor the payment module so every amount is handled in minor units per currency (JPY has none). Keep the API stable.",
    },
  ];
  for (let turn = 0; turn < TURNS; turn += 1) messages.push(...buildStep(turn, random));
  messages.push({
    role: "assistant",
    text: "## Summary\n\n- Introduced `toMinorUnits(amount, currency)`\n- Replaced 14 `* 100` conversions\n- All payment tests pass\n\nSee [the currency table](https://en.wikipedia.org/wiki/ISO_4217).",
  });
  return {
    externalId: "refactor-long-1",
    taskKey,
    model: "claude-sonnet-4",
    harness: "demo",
    reward: 0.8,
    scores: { tests: 1, api_stable: 1, style: 0.4 },
    status: "completed",
    metadata: { scenario: "long-agentic", turns: TURNS },
    original: { demo: "long-agentic", version: 1 },
    startedAt: new Date(Date.UTC(2026, 0, 12, 8, 0, 0)).toISOString(),
    endedAt: new Date(Date.UTC(2026, 0, 12, 8, 47, 0)).toISOString(),
    messages,
  };
}

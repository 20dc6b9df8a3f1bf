import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { detectFormat } from "@/lib/imports/detect";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { collectImport, corpusPath, writeTempFile } from "@/lib/imports/testing/corpus";
import { anthropicImporter } from "./anthropic";

// Current Claude Code (2.x) writes bookkeeping lines between the messages of a session. These are
// real sessions from the corpus with such lines put in, in the shapes Claude Code writes them
// (test-data/corpus/SOURCES.md §3 for the sessions; the line shapes are Claude Code's own).

const SONNET = corpusPath("anthropic-messages/claude-code-tb2-regex-log/sonnet-raw.jsonl");
const OPUS = corpusPath("anthropic-messages/claude-code-tb2-regex-log/opus-raw.jsonl");
const SESSION_ID = "ccf3efc2-01d4-4e6f-9916-51ceb02e96b7";

const readLinesOf = (path: string) => readFileSync(path, "utf8").trimEnd().split("\n");

const SNAPSHOT = JSON.stringify({
  type: "file-history-snapshot",
  messageId: "91d7a130-d20f-4ca4-924d-ed21b4c7697d",
  snapshot: {
    messageId: "91d7a130-d20f-4ca4-924d-ed21b4c7697d",
    trackedFileBackups: {},
    timestamp: "2025-12-11T21:42:03.171Z",
  },
  isSnapshotUpdate: false,
});
const ATTACHMENT = JSON.stringify({
  parentUuid: "91d7a130-d20f-4ca4-924d-ed21b4c7697d",
  isSidechain: false,
  userType: "external",
  cwd: "/tmp/regex-log-test/app",
  sessionId: SESSION_ID,
  version: "2.0.65",
  type: "attachment",
  attachment: { type: "todo", content: [], itemCount: 0, context: "post-compact" },
  uuid: "5a1f3d1e-0c8b-4b9f-9d0a-3c2b1a0f9e8d",
  timestamp: "2025-12-11T21:42:03.180Z",
});
const LAST_PROMPT = JSON.stringify({ type: "last-prompt", sessionId: SESSION_ID, lastPrompt: "go on" });
/** A type no version writes yet, and without ids: the next version's bookkeeping. */
const FUTURE = JSON.stringify({ type: "agent-setting", agentSetting: "default" });

async function importLines(lines: string[], name = "session.jsonl") {
  const path = writeTempFile(name, `${lines.join("\n")}\n`);
  const detected = detectFormat(await readFormatSample({ path, name: basename(path) }));
  return { detected, ...(await collectImport(anthropicImporter, path)) };
}

describe("Claude Code sessions with record types the importer does not map", () => {
  it("detects and imports a session whose bookkeeping lines come before the first assistant turn", async () => {
    const original = await collectImport(anthropicImporter, SONNET);
    const [queue, user, ...rest] = readLinesOf(SONNET);
    const { detected, rollouts, errors, items } = await importLines([
      SNAPSHOT,
      queue,
      user,
      ATTACHMENT,
      LAST_PROMPT,
      FUTURE,
      ...rest,
    ]);
    expect(detected).toMatchObject({ format: "anthropic" });
    expect(errors).toEqual([]);
    expect(rollouts).toHaveLength(1);
    // The same transcript as the session without those lines.
    expect(rollouts[0].messages.map((m) => [m.role, m.text, m.toolCalls?.length ?? 0])).toEqual(
      original.rollouts[0].messages.map((m) => [m.role, m.text, m.toolCalls?.length ?? 0]),
    );
    // Counted by type, for the import summary.
    const skipped = Object.fromEntries(
      items.flatMap((item) => (item.kind === "skipped" ? [[item.type, item.count]] : [])),
    );
    expect(skipped).toEqual({
      "file-history-snapshot": 1,
      "queue-operation": 1,
      attachment: 1,
      "last-prompt": 1,
      "agent-setting": 1,
    });
  });

  it("still refuses JSONL whose lines merely have a type (stream events, Codex CLI)", () => {
    const codex = [
      { timestamp: "2025-09-01T00:00:00Z", type: "session_meta", payload: { id: "x" } },
      { timestamp: "2025-09-01T00:00:01Z", type: "response_item", payload: { type: "message" } },
    ];
    const head = Buffer.from(`${codex.map((line) => JSON.stringify(line)).join("\n")}\n`);
    expect(anthropicImporter.detect({ name: "rollout.jsonl", head })).toBe(0);
  });
});

describe("one broken Claude Code line fails alone", () => {
  it("keeps the turns around an upstream error object and shows the error where it occurred", async () => {
    const lines = readLinesOf(SONNET);
    const broken = JSON.stringify({
      parentUuid: null,
      sessionId: SESSION_ID,
      version: "2.0.65",
      type: "assistant",
      message: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      uuid: "0b8c9d7e-1f2a-4b3c-8d9e-0f1a2b3c4d5e",
      timestamp: "2025-12-11T21:42:05.000Z",
    });
    const original = await collectImport(anthropicImporter, SONNET);
    const { rollouts, errors } = await importLines([...lines.slice(0, 2), broken, ...lines.slice(2)]);
    expect(errors).toEqual([
      expect.objectContaining({ line: 3, message: expect.stringContaining('"role"') }),
    ]);
    expect(rollouts).toHaveLength(1);
    const messages = rollouts[0].messages;
    expect(messages).toHaveLength(original.rollouts[0].messages.length + 1);
    const errorAt = messages.findIndex((m) => m.metadata?.unreadable === true);
    // After the user's prompt (line 2), before the first reply.
    expect(messages[errorAt - 1]).toMatchObject({ role: "user", metadata: { line: 2 } });
    expect(messages[errorAt]).toMatchObject({
      role: "assistant",
      error: "line 3 could not be read: upstream error: overloaded_error: Overloaded",
    });
    expect(messages.filter((m) => !m.metadata?.unreadable).map((m) => m.text)).toEqual(
      original.rollouts[0].messages.map((m) => m.text),
    );
  });

  it("an assistant line without its message fails with its line too", async () => {
    const lines = readLinesOf(SONNET);
    const bare = JSON.stringify({
      type: "assistant",
      sessionId: SESSION_ID,
      uuid: "u-x",
      error: "rate_limit",
    });
    const { rollouts, errors } = await importLines([...lines, bare]);
    expect(errors).toEqual([expect.objectContaining({ line: lines.length + 1 })]);
    expect(rollouts[0].messages.at(-1)).toMatchObject({
      role: "assistant",
      error: expect.stringContaining("upstream error: rate_limit"),
    });
  });
});

describe("Claude Code session details", () => {
  it("keeps the last version and each version the session ran under", async () => {
    const lines = readLinesOf(SONNET).map((line, index) =>
      index >= 4 ? line.replace('"version":"2.0.65"', '"version":"2.0.70"') : line,
    );
    const { rollouts } = await importLines(lines);
    expect(rollouts[0].metadata).toMatchObject({ version: "2.0.70", versions: ["2.0.65", "2.0.70"] });
    const unchanged = await collectImport(anthropicImporter, SONNET);
    expect(unchanged.rollouts[0].metadata.version).toBe("2.0.65");
    expect(unchanged.rollouts[0].metadata).not.toHaveProperty("versions");
  });

  it("a session that ends on an unanswered tool call is truncated, not completed", async () => {
    const lines = readLinesOf(OPUS);
    const lastCall = lines.findLastIndex((line) => line.includes('"type":"tool_use"'));
    const cut = await importLines(lines.slice(0, lastCall + 1));
    expect(cut.rollouts[0].status).toBe("truncated");
    const whole = await collectImport(anthropicImporter, OPUS);
    expect(whole.rollouts[0].status).toBe("completed");
  });
});

/** A small deterministic generator (mulberry32), so a failing case can be replayed by its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRAYS = [
  SNAPSHOT,
  ATTACHMENT,
  LAST_PROMPT,
  FUTURE,
  JSON.stringify({ type: "queue-operation", operation: "enqueue", sessionId: SESSION_ID, content: "x" }),
  JSON.stringify({ type: "summary", summary: "Regex for dates", leafUuid: "l-1" }),
];
const MALFORMED = [
  '{"type":"assistant","sessionId"',
  "not json at all",
  '{"type":"user","message":{"role":"user","content":[{"type":"text","text":"cut',
  JSON.stringify({ type: "assistant", sessionId: SESSION_ID, message: { content: "no role" } }),
];

describe("property: a stray unknown record or one malformed line never fails a whole session", () => {
  for (const path of [SONNET, OPUS]) {
    it(`holds for 40 random placements in ${basename(path)}`, async () => {
      const lines = readLinesOf(path);
      const original = await collectImport(anthropicImporter, path);
      // A broken line between two lines of one response splits it in two: compare what was said.
      const said = (messages: (typeof original.rollouts)[0]["messages"]) =>
        messages.filter((m) => !m.metadata?.unreadable && m.text !== "").map((m) => m.text);
      const expected = said(original.rollouts[0].messages);
      for (let seed = 1; seed <= 40; seed++) {
        const next = random(seed);
        const mutated = [...lines];
        const stray = STRAYS[Math.floor(next() * STRAYS.length)];
        mutated.splice(Math.floor(next() * (mutated.length + 1)), 0, stray);
        const withMalformed = next() < 0.5;
        let malformedLine = 0;
        if (withMalformed) {
          // Never first: a file that opens with garbage is not recognisably a session.
          const at = 1 + Math.floor(next() * mutated.length);
          mutated.splice(at, 0, MALFORMED[Math.floor(next() * MALFORMED.length)]);
          malformedLine = at + 1;
        }
        const { detected, rollouts, errors } = await importLines(mutated, `seed-${seed}.jsonl`);
        const context = `seed ${seed}`;
        expect(detected?.format, context).toBe("anthropic");
        expect(rollouts, context).toHaveLength(1);
        expect(
          errors.map((e) => e.line),
          context,
        ).toEqual(withMalformed ? [malformedLine] : []);
        expect(said(rollouts[0].messages), context).toEqual(expected);
      }
    });
  }
});

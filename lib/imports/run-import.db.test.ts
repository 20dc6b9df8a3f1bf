import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, hasSingleConnection } from "@/db/client";
import { environments, messages, rolloutSources, rollouts, runs, tasks } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { CORPUS_DIR } from "@/lib/imports/testing/corpus";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { getImportRun } from "./queries";
import { importFiles } from "./start-import";

const CORPUS = CORPUS_DIR;
const corpusFile = (relative: string) => ({
  path: path.join(CORPUS, relative),
  name: path.basename(relative),
});

function writeTemp(name: string, content: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-import-test-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return { path: file, name };
}

const chat = (question: string, answer: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    messages: [
      { role: "user", content: question },
      { role: "assistant", content: answer },
    ],
    ...extra,
  });

async function setup() {
  const workspace = await createTestWorkspace();
  const { ctx } = await createTestMember(workspace, "author");
  return { workspace, ctx };
}

describe("importing rollouts", () => {
  it("stores corpus transcripts whole: rollouts, ordered messages, tool calls linked to results, sources", async () => {
    const { ctx } = await setup();
    const summary = await importFiles({
      ctx,
      files: [corpusFile("openai-chat/mini-swe-agent-deepseek-chat/sqlfluff__sqlfluff-2419.traj.json")],
      options: {},
    });
    expect(summary).toMatchObject({ imported: 1, skipped: 0, failed: 0, errors: [] });
    const [rollout] = await db
      .select()
      .from(rollouts)
      .where(eq(rollouts.runId, summary.run as string));
    expect(rollout.messageCount).toBe(88);
    expect(rollout.toolCallCount).toBe(43);
    const stored = await db
      .select({ index: messages.index, role: messages.role, toolCallId: messages.toolCallId })
      .from(messages)
      .where(eq(messages.rolloutId, rollout.id))
      .orderBy(messages.index);
    expect(stored.map((m) => m.index)).toEqual([...Array(88).keys()]);
    expect(stored.filter((m) => m.role === "tool" && m.toolCallId)).toHaveLength(42);
    const [source] = await db.select().from(rolloutSources).where(eq(rolloutSources.rolloutId, rollout.id));
    expect(source.format).toBe("swe-agent");
    const [run] = await db
      .select()
      .from(runs)
      .where(eq(runs.id, summary.run as string));
    expect(run).toMatchObject({ status: "completed", imported: 1, format: "swe-agent" });
  });

  it("keeps the source record as the text it was read as, lz4-compressed on a Postgres server", async () => {
    const { ctx } = await setup();
    // Keys out of order (jsonb would sort them) and a record long enough to be TOAST-compressed.
    const record = `{"zeta":1,"messages":[{"role":"user","content":"${"why ".repeat(2_000)}"},{"role":"assistant","content":"because"}],"alpha":2}`;
    const summary = await importFiles({
      ctx,
      files: [writeTemp("ordered.jsonl", `${record}\n`)],
      options: { format: "openai" },
    });
    expect(summary.imported).toBe(1);
    const [row] = await db.execute<{ type: string; original: string; compression: string | null }>(sql`
      select pg_typeof(s.original)::text as type, s.original::text as original,
        pg_column_compression(s.original) as compression
      from rollout_sources s join rollouts r on r.id = s.rollout_id where r.run_id = ${summary.run}`);
    expect(row.type).toBe("json");
    expect(row.original).toBe(record);
    // PGlite is built without lz4, so there the migration keeps the default (pglz).
    expect(row.compression).toBe(hasSingleConnection() ? "pglz" : "lz4");
  });

  it("skips content it already imported and says so", async () => {
    const { ctx } = await setup();
    const file = corpusFile("anthropic-messages/claude-code-tb2-regex-log/sonnet-raw.jsonl");
    expect((await importFiles({ ctx, files: [file], options: {} })).imported).toBe(1);
    expect(await importFiles({ ctx, files: [file], options: {} })).toMatchObject({
      imported: 0,
      skipped: 1,
      failed: 0,
    });
  });

  it("reports each bad record with its line and imports the rest", async () => {
    const { ctx } = await setup();
    const file = writeTemp(
      "mixed.jsonl",
      `${chat("a", "b", { reward: 1 })}\n{"messages": [nope\n${chat("c", "d", { reward: 0 })}\n\n`,
    );
    const summary = await importFiles({ ctx, files: [file], options: { format: "openai" } });
    expect(summary.imported).toBe(2);
    expect(summary.failed).toBe(1);
    expect(summary.errors).toHaveLength(1);
    expect(summary.errors[0]).toMatchObject({ file: "mixed.jsonl", line: 2 });
    const rewards = await db
      .select({ reward: rollouts.reward })
      .from(rollouts)
      .where(eq(rollouts.runId, summary.run as string));
    expect(rewards.map((r) => r.reward).sort()).toEqual([0, 1]);
  });

  it("reports an unrecognisable or missing file as a whole and continues with the others", async () => {
    const { ctx } = await setup();
    const notes = writeTemp("notes.txt", "just some words, not a transcript");
    const summary = await importFiles({
      ctx,
      files: [
        notes,
        { path: "/nonexistent/x.jsonl", name: "x.jsonl" },
        writeTemp("ok.jsonl", `${chat("q", "a")}\n`),
      ],
      options: {},
    });
    expect(summary.imported).toBe(1);
    expect(summary.failed).toBe(2);
    expect(summary.errors.map((e) => e.file)).toEqual(["notes.txt", "x.jsonl"]);
    expect(summary.errors[0].message).toMatch(/could not recognise the format/);
  });

  it("links rollouts to an environment's tasks by task key and counts the unlinked", async () => {
    const { workspace, ctx } = await setup();
    const [environment] = await db
      .insert(environments)
      .values({ workspaceId: workspace.id, slug: `env-${workspace.slug}`, name: "Env" })
      .returning();
    const [task] = await db
      .insert(tasks)
      .values({ environmentId: environment.id, key: "add", title: "Add" })
      .returning();
    const file = writeTemp(
      "linked.jsonl",
      `${chat("1+1", "2", { task: "add", reward: 1 })}\n${chat("?", "!", { task: "other" })}\n`,
    );
    const summary = await importFiles({ ctx, files: [file], options: { environment: environment.slug } });
    expect(summary).toMatchObject({ imported: 2, unlinked: 1 });
    const linked = await db
      .select()
      .from(rollouts)
      .where(and(eq(rollouts.runId, summary.run as string), eq(rollouts.taskId, task.id)));
    expect(linked).toHaveLength(1);
    await expect(
      importFiles({ ctx, files: [file], options: { environment: "no-such-env" } }),
    ).rejects.toThrow(AppError);
  });

  it("keeps NUL characters and huge tool output from breaking a rollout", async () => {
    const { ctx } = await setup();
    const record = JSON.stringify({
      messages: [
        { role: "user", content: "cat the binary" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "c1", type: "function", function: { name: "bash", arguments: '{"cmd":"cat a.out"}' } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: `ELF\u0000\u0001${"x".repeat(300_000)}` },
      ],
    });
    const summary = await importFiles({ ctx, files: [writeTemp("nul.jsonl", `${record}\n`)], options: {} });
    expect(summary).toMatchObject({ imported: 1, failed: 0 });
    const [{ length }] = await db
      .select({ length: sql<number>`length(${messages.text})` })
      .from(messages)
      .innerJoin(rollouts, eq(rollouts.id, messages.rolloutId))
      .where(and(eq(rollouts.runId, summary.run as string), eq(messages.role, "tool")));
    expect(length).toBe(300_005);
  });

  it("refuses a reviewer, who may read rollouts but not import them", async () => {
    const workspace = await createTestWorkspace();
    const { ctx } = await createTestMember(workspace, "reviewer");
    await expect(
      importFiles({ ctx, files: [writeTemp("a.jsonl", chat("q", "a"))], options: {} }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("names a verifiers run after metadata.json's environment and model, and keys rollouts within it", async () => {
    const { ctx } = await setup();
    const folder = "verifiers/wordle--qwen--qwen3-30b-a3b-thinking-2507/50bdff53";
    const summary = await importFiles({
      ctx,
      files: [corpusFile(`${folder}/results.jsonl`), corpusFile(`${folder}/metadata.json`)],
      options: {},
    });
    expect(summary).toMatchObject({ imported: 15, failed: 0, unlinked: 0 });
    const run = await getImportRun({ ctx, id: summary.run as string });
    expect(run).toMatchObject({
      name: "wordle · qwen/qwen3-30b-a3b-thinking-2507",
      source: "results.jsonl, metadata.json",
      environment: null,
    });
    const stored = await db
      .select({ taskKey: rollouts.taskKey, title: sql<string>`${rollouts.metadata}->>'title'` })
      .from(rollouts)
      .where(eq(rollouts.runId, summary.run as string));
    expect(new Set(stored.map((r) => r.taskKey))).toEqual(
      new Set(["wordle/0", "wordle/1", "wordle/2", "wordle/3", "wordle/4"]),
    );
    expect(stored.every((r) => r.title.startsWith("wordle · ") && r.title.length > 20)).toBe(true);
  });
});

describe("importing Claude Code sessions of current versions", () => {
  it("counts the skipped bookkeeping lines in the file's summary and shows NUL bytes as ␀", async () => {
    const { ctx } = await setup();
    const session = "s-nul";
    const lines = [
      { type: "file-history-snapshot", messageId: "m0", snapshot: {}, isSnapshotUpdate: false },
      { type: "user", sessionId: session, uuid: "u1", message: { role: "user", content: "cat the file" } },
      { type: "attachment", sessionId: session, uuid: "a1", attachment: { type: "todo", content: [] } },
      {
        type: "assistant",
        sessionId: session,
        uuid: "u2",
        message: {
          id: "msg1",
          role: "assistant",
          model: "claude-x",
          content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "cat f" } }],
        },
      },
      {
        type: "user",
        sessionId: session,
        uuid: "u3",
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "t1", content: "a\u0000b\u0000" }],
        },
      },
      {
        type: "assistant",
        sessionId: session,
        uuid: "u4",
        message: { id: "msg2", role: "assistant", content: "done" },
      },
      { type: "queue-operation", operation: "enqueue", sessionId: session, content: "later" },
    ];
    const file = writeTemp("session.jsonl", `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    const summary = await importFiles({ ctx, files: [file], options: {} });
    expect(summary).toMatchObject({ imported: 1, failed: 0 });
    expect(summary.files[0]).toMatchObject({
      format: "anthropic",
      skippedRecords: { "file-history-snapshot": 1, attachment: 1, "queue-operation": 1 },
    });
    // The web page's progress (GET /api/v1/imports/{id}) shows the same per-file summary.
    const run = await getImportRun({ ctx, id: summary.run as string });
    expect(run.files[0]).toMatchObject({ skippedRecords: { attachment: 1 } });
    const [rollout] = await db
      .select()
      .from(rollouts)
      .where(eq(rollouts.runId, summary.run as string));
    const [tool] = await db
      .select({ text: messages.text, metadata: messages.metadata })
      .from(messages)
      .where(and(eq(messages.rolloutId, rollout.id), eq(messages.role, "tool")));
    expect(tool.text).toBe("a\u2400b\u2400");
    expect(tool.metadata).toMatchObject({ nulCharacters: 2 });
  });
});

describe("the reward of scorers with several named values", () => {
  const inspectLog = JSON.stringify({
    version: 2,
    status: "success",
    eval: { task: "t", model: "m/x", scorers: [{ name: "grader" }] },
    plan: { steps: [] },
    samples: [1, 2].map((id) => ({
      id,
      epoch: 1,
      input: "q",
      target: "a",
      messages: [{ role: "user", content: "q" }],
      scores: { grader: { value: { correct: id - 1, partial: 0.5 } } },
    })),
  });

  it("says in the file's summary that it is ambiguous, and --reward-key picks one", async () => {
    const { ctx } = await setup();
    const ambiguous = await importFiles({ ctx, files: [writeTemp("log.json", inspectLog)], options: {} });
    expect(ambiguous.files[0].warnings).toEqual([
      expect.stringMatching(
        /^2 rollouts: reward ambiguous: scorer "grader" has several named values \(correct, partial\)/,
      ),
    ]);
    const stored = await db
      .select({ reward: rollouts.reward })
      .from(rollouts)
      .where(eq(rollouts.runId, ambiguous.run as string));
    expect(stored.map((r) => r.reward)).toEqual([null, null]);

    // The same samples in another workspace (in this one they are already imported, so skipped).
    const other = await setup();
    const chosen = await importFiles({
      ctx: other.ctx,
      files: [writeTemp("log.json", inspectLog)],
      options: { rewardKey: "correct" },
    });
    expect(chosen.files[0].warnings).toBeUndefined();
    const rewards = await db
      .select({ reward: rollouts.reward })
      .from(rollouts)
      .where(eq(rollouts.runId, chosen.run as string))
      .orderBy(rollouts.reward);
    expect(rewards.map((r) => r.reward)).toEqual([0, 1]);
  });
});

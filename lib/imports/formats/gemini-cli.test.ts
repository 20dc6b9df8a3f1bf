import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { detectFormat } from "@/lib/imports/detect";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { collectImport, writeTempFile } from "@/lib/imports/testing/corpus";
import { geminiCliImporter } from "./gemini-cli";
import { countToolLinks } from "./shared/link-tool-results";

// Gemini CLI sessions in the layouts of gemini-cli's ChatRecordingService (chatRecordingTypes.ts):
// a ConversationRecord document (.json), and the newer JSONL (metadata, message records by id,
// re-appended as they change, `$set`, `$rewindTo`).

const META = {
  sessionId: "5e0c3a7b-1f2d-4c8e-9a6b-2d4f6a8c0e1f",
  projectHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  startTime: "2025-10-02T09:00:00.000Z",
  lastUpdated: "2025-10-02T09:01:30.000Z",
};
const USER = {
  id: "m1",
  timestamp: "2025-10-02T09:00:00.000Z",
  type: "user",
  content: [{ text: "List the files in src" }],
};
const GEMINI = {
  id: "m2",
  timestamp: "2025-10-02T09:00:10.000Z",
  type: "gemini",
  content: "There are two files: a.ts and b.ts.",
  model: "gemini-2.5-pro",
  thoughts: [
    {
      subject: "Listing the folder",
      description: "I'll call list_directory on src.",
      timestamp: "2025-10-02T09:00:05.000Z",
    },
  ],
  tokens: { input: 8123, output: 45, cached: 4096, thoughts: 120, tool: 0, total: 8288 },
  toolCalls: [
    {
      id: "list_directory-1759395605000-abc",
      name: "list_directory",
      args: { path: "/home/dev/app/src" },
      result: [
        {
          functionResponse: {
            id: "list_directory-1759395605000-abc",
            name: "list_directory",
            response: { output: "a.ts\nb.ts" },
          },
        },
      ],
      status: "success",
      timestamp: "2025-10-02T09:00:06.000Z",
      displayName: "ReadFolder",
    },
    {
      id: "read_file-1759395606000-def",
      name: "read_file",
      args: { absolute_path: "/home/dev/app/src/c.ts" },
      result: [
        {
          functionResponse: {
            id: "read_file-1759395606000-def",
            name: "read_file",
            response: { error: "File not found: /home/dev/app/src/c.ts" },
          },
        },
      ],
      status: "error",
      timestamp: "2025-10-02T09:00:07.000Z",
    },
  ],
};
const INFO = { id: "m3", timestamp: "2025-10-02T09:01:00.000Z", type: "info", content: "Session saved." };

function expectFaithful(rollout: Awaited<ReturnType<typeof collectImport>>["rollouts"][number]) {
  expect(rollout).toMatchObject({
    externalId: META.sessionId,
    model: "gemini-2.5-pro",
    harness: "gemini-cli",
    status: "completed",
    startedAt: META.startTime,
    endedAt: META.lastUpdated,
  });
  expect(rollout.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool"]);
  expect(rollout.messages[1]).toMatchObject({
    text: "There are two files: a.ts and b.ts.",
    reasoning: "**Listing the folder**\n\nI'll call list_directory on src.",
    tokens: { input: 8123, output: 45, reasoning: 120, total: 8288 },
  });
  expect(rollout.messages[2]).toMatchObject({ text: "a.ts\nb.ts", toolName: "list_directory" });
  expect(rollout.messages[3]).toMatchObject({ error: "File not found: /home/dev/app/src/c.ts" });
  expect(countToolLinks(rollout.messages)).toEqual({ calls: 2, results: 2, linked: 2 });
}

describe("Gemini CLI sessions", () => {
  it("the .json ConversationRecord imports as one rollout with thoughts, tokens and tool results", async () => {
    const name = "session-2025-10-02T09-00-5e0c3a7b.json";
    const path = writeTempFile(name, JSON.stringify({ ...META, messages: [USER, GEMINI, INFO] }, null, 2));
    expect(detectFormat(await readFormatSample({ path, name }))).toMatchObject({ format: "gemini-cli" });
    const { rollouts, errors, items } = await collectImport(geminiCliImporter, path);
    expect(errors).toEqual([]);
    expectFaithful(rollouts[0]);
    expect(items.filter((item) => item.kind === "skipped")).toEqual([
      expect.objectContaining({ type: "info", count: 1 }),
    ]);
  });

  it("the .jsonl layout: the last copy of a message wins, rewinds drop what follows, $set updates", async () => {
    const draft = {
      ...GEMINI,
      content: "",
      toolCalls: GEMINI.toolCalls.map(({ result: _r, ...call }) => ({ ...call, status: "executing" })),
    };
    const lines = [
      META,
      USER,
      { id: "m9", timestamp: "2025-10-02T08:59:00.000Z", type: "user", content: "a prompt later rewound" },
      { $rewindTo: "m9" },
      draft,
      GEMINI,
      { $set: { lastUpdated: META.lastUpdated, summary: "Listed src" } },
    ];
    const name = "session-2025-10-02T09-00-5e0c3a7b.jsonl";
    const path = writeTempFile(name, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    expect(detectFormat(await readFormatSample({ path, name: basename(path) }))).toMatchObject({
      format: "gemini-cli",
    });
    const { rollouts, errors } = await collectImport(geminiCliImporter, path);
    expect(errors).toEqual([]);
    expectFaithful(rollouts[0]);
    expect(rollouts[0].metadata).toMatchObject({ summary: "Listed src", rewinds: 1 });
    expect(rollouts[0].messages.some((m) => m.text === "a prompt later rewound")).toBe(false);
  });

  it("a broken JSONL line fails alone and shows where it was", async () => {
    const lines = [
      JSON.stringify(META),
      JSON.stringify(USER),
      '{"id":"m2","type":"gem',
      JSON.stringify(GEMINI),
    ];
    const path = writeTempFile("session.jsonl", `${lines.join("\n")}\n`);
    const { rollouts, errors } = await collectImport(geminiCliImporter, path);
    expect(errors).toEqual([expect.objectContaining({ line: 3 })]);
    expect(rollouts[0].messages.map((m) => m.role)).toEqual(["user", "system", "assistant", "tool", "tool"]);
    expect(rollouts[0].messages[1].error).toMatch(/^line 3 could not be read/);
  });
});

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
import { countToolLinks } from "./shared/link-tool-results";
import { sweAgentImporter } from "./swe-agent";
import { readExitStatus } from "./swe-agent-status";

const SWE = join(CORPUS_DIR, "swe-agent");
const MARSHMALLOW = join(SWE, "marshmallow-code__marshmallow-1867.traj");
const PYDICOM = join(SWE, "pydicom__pydicom-1458.traj");
const TEST_REPO = join(SWE, "swe-agent__test-repo-i1.traj");
const BABY = join(SWE, "BabyEncryption.traj");
const SQLFLUFF = join(
  CORPUS_DIR,
  "openai-chat/mini-swe-agent-deepseek-chat/sqlfluff__sqlfluff-2419.traj.json",
);
const PVLIB = join(
  CORPUS_DIR,
  "openai-chat/mini-swe-agent-deepseek-reasoner/pvlib__pvlib-python-1707.traj.json",
);

async function collect(path: string, name?: string, limits: ImportLimits = DEFAULT_IMPORT_LIMITS) {
  if (!name) return (await collectImport(sweAgentImporter, path, limits)).items;
  const records: ParsedRecord[] = [];
  for await (const record of sweAgentImporter.parse({ path, name }, limits)) records.push(record);
  return records;
}

function rolloutsOf(records: ParsedRecord[]): NormalizedRollout[] {
  return records.flatMap((record) => (record.kind === "rollout" ? [record.rollout] : []));
}

async function importOne(path: string): Promise<NormalizedRollout> {
  const records = await collect(path);
  expect(records.filter((r) => r.kind === "error")).toEqual([]);
  expect(records).toHaveLength(1);
  return rolloutsOf(records)[0];
}

function roles(rollout: NormalizedRollout): string {
  return rollout.messages.map((m) => m.role[0]).join("");
}

describe("swe-agent importer on SWE-agent .traj files", () => {
  it("maps the 1.0 function-calling trajectory: 24 messages, 11 calls linked to 11 results", async () => {
    const rollout = await importOne(MARSHMALLOW);
    expect(rollout.messages).toHaveLength(24);
    expect(roles(rollout)).toBe(`su${"at".repeat(11)}`);
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 11, results: 11, linked: 11 });
    expect(rollout.messages[2].toolCalls).toEqual([
      { id: "call_cyI71DYnRdoLHWwtZgIaW2wr", name: "create", arguments: { filename: "reproduce.py" } },
    ]);
    expect(rollout.messages[3]).toMatchObject({
      toolCallId: "call_cyI71DYnRdoLHWwtZgIaW2wr",
      toolName: "create",
    });
    expect(rollout.messages[2].metadata).toMatchObject({
      messageType: "action",
      action: "create reproduce.py",
    });
    expect(rollout.messages[2].metadata?.executionTime).toBeCloseTo(0.2387, 3);
    expect(rollout.messages[22].toolCalls?.[0]).toEqual({ id: "call_submit", name: "submit", arguments: {} });
    expect(rollout).toMatchObject({
      externalId: "marshmallow-code__marshmallow-1867",
      taskKey: "marshmallow-code__marshmallow-1867",
      model: "gpt-4o",
      harness: "swe-agent",
      reward: null,
      status: "completed",
      metadata: { exitStatus: "submitted", steps: 11, environment: "main", modelStats: { api_calls: 11 } },
    });
    expect(String(rollout.metadata.submission)).toMatch(/^\r\ndiff --git a\/src\/marshmallow\/fields\.py/);
  });

  it("maps old thought/action trajectories, skipping demonstration turns", async () => {
    const pydicom = await importOne(PYDICOM);
    expect(pydicom.messages).toHaveLength(25); // 26 history items, one a demonstration.
    expect(roles(pydicom)).toBe(`su${"au".repeat(11)}a`);
    expect(countToolLinks(pydicom.messages).calls).toBe(0);
    expect(pydicom.messages[2].metadata).toMatchObject({
      action: "create reproduce_bug.py\n",
      agent: "primary",
    });
    expect(pydicom.messages[2].text).toMatch(/```\ncreate reproduce_bug\.py\n```$/);
    expect(pydicom.metadata).toMatchObject({
      demonstrationMessagesSkipped: 1,
      steps: 12,
      modelStats: { instance_cost: 1.26719, tokens_sent: 122612, tokens_received: 1369, api_calls: 12 },
    });
    expect(pydicom.taskKey).toBe("pydicom__pydicom-1458");

    const testRepo = await importOne(TEST_REPO);
    expect(testRepo.messages).toHaveLength(11);
    expect(testRepo.metadata).toMatchObject({
      steps: 5,
      demonstrationMessagesSkipped: 1,
      exitStatus: "submitted",
    });

    const baby = await importOne(BABY);
    expect(baby.messages).toHaveLength(31);
    expect(baby.metadata.submission).toBe("HTB{l00k_47_y0u_r3v3rs1ng_3qu4710n5_c0ngr475}");
    expect(baby.status).toBe("completed");
  });
});

describe("swe-agent importer on mini-swe-agent trajectories", () => {
  it("maps the deepseek-chat run: 88 messages, 43 tool-call turns, 42 linked results", async () => {
    const rollout = await importOne(SQLFLUFF);
    expect(rollout.messages).toHaveLength(88);
    expect(rollout.messages.filter((m) => (m.toolCalls?.length ?? 0) > 0)).toHaveLength(43);
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 43, results: 42, linked: 42 });
    expect(rollout.messages[2].toolCalls).toEqual([
      {
        id: "call_00_73fLtBn44RC6O7vRvJGnaVhG",
        name: "bash",
        arguments: { command: 'find . -type f -name "*.py" | grep -i "l060" | head -20' },
      },
    ]);
    expect(rollout.messages[2]).toMatchObject({
      model: "deepseek-chat",
      tokens: { input: 1540, output: 85, total: 1625 },
    });
    expect(rollout.messages[3]).toMatchObject({
      role: "tool",
      metadata: { returnCode: 0 },
      createdAt: "2026-04-13T07:11:06.147Z",
    });
    expect(rollout.messages[87].metadata).toMatchObject({ role: "exit" });
    expect(rollout).toMatchObject({
      taskKey: "sqlfluff__sqlfluff-2419",
      model: "deepseek/deepseek-chat",
      harness: "mini-swe-agent",
      status: "completed",
      reward: null,
      metadata: { exitStatus: "Submitted", miniVersion: "2.2.7", trajectoryFormat: "mini-swe-agent-1.1" },
    });
  });

  it("maps the failed deepseek-reasoner run: reasoning on 16 turns, error status", async () => {
    const rollout = await importOne(PVLIB);
    expect(rollout.messages).toHaveLength(35);
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 16, results: 16, linked: 16 });
    expect(rollout.messages.filter((m) => m.reasoning)).toHaveLength(16);
    expect(rollout.messages[2].reasoning).toMatch(/^I'll start by exploring the codebase/);
    expect(rollout.status).toBe("error");
    expect(rollout.error).toMatch(/^litellm\.InternalServerError: InternalServerError: DeepseekException/);
    expect(rollout.metadata.exitStatus).toBe("InternalServerError");
  });

  it("detects both flavours and not other formats", async () => {
    const score = async (path: string) =>
      sweAgentImporter.detect(await readFormatSample({ path, name: path }));
    expect(await Promise.all([MARSHMALLOW, PYDICOM, TEST_REPO, BABY].map(score))).toEqual([90, 90, 90, 90]);
    // Its top-level trajectory_format comes after 200 KB of messages: found by the streaming scan.
    expect(await score(SQLFLUFF)).toBe(95);
    expect(await score(join(CORPUS_DIR, "inspect-ai-json/2025-05-12T20-28-13-04-00_popularity.json"))).toBe(
      0,
    );
    expect(await score(join(CORPUS_DIR, "openhands/basic.json"))).toBe(0);
    expect(await score(join(CORPUS_DIR, "openhands/output.jsonl"))).toBe(0);
    const small = await writeTempFile(
      "t.traj.json",
      JSON.stringify({ trajectory_format: "mini-swe-agent-1", messages: [] }),
    );
    expect(await score(small)).toBe(95);
  });
});

describe("swe-agent importer edge cases", () => {
  it("maps exit statuses to rollout statuses", () => {
    expect(
      [
        "submitted",
        "submitted (exit_cost)",
        "Submitted",
        "exit_error",
        "exit_environment_error",
        "InternalServerError",
        "exit_cost",
        "exit_context",
        "exit_format",
        "LimitsExceeded",
        undefined,
      ].map(readExitStatus),
    ).toEqual([
      "completed",
      "completed",
      "completed",
      "error",
      "error",
      "error",
      "truncated",
      "truncated",
      "truncated",
      "truncated",
      "completed",
    ]);
  });

  it("imports each attempt of a retry-agent trajectory, and rebuilds a missing history from steps", async () => {
    const steps = [
      {
        thought: "look",
        action: "ls\n",
        response: "look\n```\nls\n```",
        observation: "a.py",
        execution_time: 0.1,
      },
      { thought: "done", action: "submit\n", response: "done\n```\nsubmit\n```", observation: "diff" },
    ];
    const attempt = (status: string) => ({ trajectory: steps, history: [], info: { exit_status: status } });
    const traj = {
      ...attempt("submitted"),
      info: { exit_status: "submitted", best_attempt_idx: 1, resolved: true },
      attempts: [attempt("exit_cost"), attempt("submitted")],
    };
    const path = await writeTempFile("django__django-1.traj", JSON.stringify(traj));
    const rollouts = rolloutsOf(await collect(path, "django__django-1.traj"));
    expect(rollouts.map((r) => [r.externalId, r.status, r.metadata.isBestAttempt])).toEqual([
      ["django__django-1#attempt-0", "truncated", false],
      ["django__django-1#attempt-1", "completed", true],
    ]);
    expect(roles(rollouts[0])).toBe("auau");
    expect(rollouts[0].messages[0]).toMatchObject({
      text: "look\n```\nls\n```",
      metadata: { action: "ls\n" },
    });
  });

  it("reads JSONL files of trajectories, reporting bad lines and continuing", async () => {
    const good = {
      trajectory_format: "mini-swe-agent-1",
      instance_id: "a__b-1",
      reward: 1,
      info: { exit_status: "Submitted" },
      messages: [
        { role: "system", content: "s" },
        { role: "user", content: "task" },
        { role: "assistant", content: "```bash\nls\n```" },
      ],
    };
    const text = [
      JSON.stringify(good),
      "{not json",
      JSON.stringify({ hello: "world" }),
      JSON.stringify({ ...good, instance_id: "c__d-2", reward: 0 }),
    ].join("\n");
    const records = await collect(await writeTempFile("runs.jsonl", text));
    expect(records.map((r) => [r.kind, r.record, r.line])).toEqual([
      ["rollout", 1, 1],
      ["error", 2, 2],
      ["error", 3, 3],
      ["rollout", 4, 4],
    ]);
    expect(rolloutsOf(records).map((r) => [r.taskKey, r.reward, r.messages.length])).toEqual([
      ["a__b-1", 1, 3],
      ["c__d-2", 0, 3],
    ]);
    const errors = records.flatMap((r) => (r.kind === "error" ? [r.message] : []));
    expect(errors[1]).toBe(
      'not a SWE-agent trajectory: no "trajectory" steps and no mini-swe-agent "messages"',
    );
  });

  it("reports empty, truncated, malformed and oversized files", async () => {
    const errorOf = async (path: string, limits?: ImportLimits) => {
      const records = await collect(path, undefined, limits);
      expect(records).toHaveLength(1);
      return records[0].kind === "error" ? records[0].message : "no error";
    };
    expect(await errorOf(await writeTempFile("empty.traj", ""))).toMatch(/empty/);
    const full = await readFile(TEST_REPO, "utf8");
    expect(await errorOf(await writeTempFile("cut.traj", full.slice(0, 20_000)))).toMatch(/truncated/);
    expect(
      await errorOf(await writeTempFile("bad.traj", JSON.stringify({ trajectory: [{ thought: 3 }] }))),
    ).toBe(
      'the trajectory is not a SWE-agent trajectory: "trajectory.0.thought": Invalid input: expected string, received number',
    );
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxRecordBytes: 10_000 };
    expect(await errorOf(TEST_REPO, limits)).toBe(
      "the file is 50.3 KiB, over the 9.8 KiB limit for one record",
    );
  });
});

describe("mini-swe-agent v1 with a submitted diff longer than the detector's head", () => {
  it("is detected from its top-level trajectory_format, read streaming, and imports whole", async () => {
    const { detectFormat } = await import("@/lib/imports/detect");
    // The real sqlfluff trajectory written in v1's key order (`save_traj`: info with exit_status and
    // submission first, then messages, then trajectory_format), its diff repeated past 64 KiB.
    const real = JSON.parse(await readFile(SQLFLUFF, "utf8"));
    const submission = `${real.info.submission}`.repeat(
      Math.ceil((100 * 1024) / real.info.submission.length),
    );
    const v1 = {
      info: {
        exit_status: "Submitted",
        submission,
        model_stats: real.info.model_stats,
        mini_version: "1.9.0",
        config: real.info.config,
      },
      messages: real.messages,
      trajectory_format: "mini-swe-agent-1",
    };
    const path = writeTempFile("sqlfluff__sqlfluff-2419.traj.json", JSON.stringify(v1, null, 2));
    const sample = await readFormatSample({ path, name: "sqlfluff__sqlfluff-2419.traj.json" });
    expect(sample.head.toString("utf8")).not.toContain("trajectory_format");
    expect(sample.topLevel?.keys).toEqual(["info", "messages", "trajectory_format"]);
    expect(detectFormat(sample)).toMatchObject({ format: "swe-agent" });
    const [rollout] = rolloutsOf(await collect(path));
    expect(rollout.messages).toHaveLength(real.messages.length);
  });
});

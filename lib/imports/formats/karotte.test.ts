import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { CORPUS_DIR } from "@/lib/imports/testing/corpus";
import {
  DEFAULT_IMPORT_LIMITS,
  type ImportLimits,
  type NormalizedRollout,
  type ParsedRecord,
} from "@/lib/imports/types";
import { karotteImporter } from "./karotte";
import { call, EXAMPLE, msg, RUBRIC_RUN, textResult, usage } from "./karotte-fixtures";
import { countToolLinks } from "./shared/link-tool-results";

let dir: string;
let counter = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karotte-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes `files` (name → JSON value or text) into a fresh folder; returns the folder. */
async function writeFolder(files: Record<string, unknown>): Promise<string> {
  counter += 1;
  const folder = join(dir, `run-${counter}`);
  await mkdir(folder, { recursive: true });
  for (const [name, value] of Object.entries(files)) {
    const path = join(folder, name);
    await mkdir(join(path, ".."), { recursive: true });
    await writeFile(path, typeof value === "string" ? value : JSON.stringify(value, null, 2));
  }
  return folder;
}

async function collect(path: string, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): Promise<ParsedRecord[]> {
  const records: ParsedRecord[] = [];
  for await (const record of karotteImporter.parse({ path, name: path.split("/").pop() ?? path }, limits))
    records.push(record);
  return records;
}

async function importRun(
  transcript: unknown,
  siblings: Record<string, unknown> = {},
  name = "transcript.json",
) {
  const folder = await writeFolder({ [name]: transcript, ...siblings });
  const records = await collect(join(folder, name));
  expect(records.filter((r) => r.kind === "error")).toEqual([]);
  const [record] = records;
  if (record.kind !== "rollout") throw new Error("no rollout");
  return record.rollout;
}

function roles(rollout: NormalizedRollout): string {
  return rollout.messages.map((m) => m.role[0]).join("");
}

describe("karotte importer", () => {
  it("maps the note's example run: one step, one linked bash call, score 1, passed", async () => {
    const rollout = await importRun(EXAMPLE);
    expect(roles(rollout)).toBe("suata");
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 1, results: 1, linked: 1 });
    expect(rollout.messages[2].toolCalls).toEqual([
      {
        id: "call_01",
        name: "bash",
        arguments: { command: "wc -l < /workdir/data/app.log | tee /workdir/data/answer.txt" },
      },
    ]);
    expect(rollout.messages[3].metadata).toMatchObject({
      exitCode: 0,
      structuredContent: { stdout: "128\n", exit_code: 0 },
      step: 0,
    });
    expect(rollout.messages[1].metadata).toMatchObject({ injected: "step-instructions" });
    expect(rollout.messages.map((m) => m.tokens?.output ?? null)).toEqual([null, null, 41, null, 19]);
    expect(rollout).toMatchObject({
      externalId: "7c1e9a02",
      taskKey: "count-log-lines",
      model: "openai/some-model",
      harness: "karotte",
      reward: 1,
      scores: { step_0: 1 },
      status: "completed",
      startedAt: "2026-03-02T09:00:00.104Z",
      endedAt: "2026-03-02T09:00:06.741Z",
      metadata: {
        runStatus: "passed",
        nSteps: 1,
        stepsStarted: 1,
        useHints: true,
        agent: null,
        tokenTotals: { input: 873, output: 60, cacheRead: 384, isEstimated: false },
      },
    });
  });

  it("maps a failed two-step rubric run: per-step and per-criterion scores, reward = last step", async () => {
    const rollout = await importRun(RUBRIC_RUN);
    expect(roles(rollout)).toBe("suatatatauauta");
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 3, results: 4, linked: 3 });
    expect(rollout.messages[2].reasoning).toBe("Read the file first.");
    expect(rollout.messages[3].metadata).toMatchObject({
      injectedCounters: ["Time remaining: 3540 seconds"],
      structuredContent: { exit_code: 0 },
    });
    expect(rollout.messages[3].metadata?.structuredContent).not.toHaveProperty("_karotte_resource_metrics");
    expect(rollout.messages[5].parts).toEqual([{ type: "image", mediaType: "image/png", dataBytes: 16 }]);
    expect(rollout.messages[6].toolCalls?.[0].arguments).toEqual({
      _error: "malformed JSON in original arguments",
    });
    expect(rollout.messages[7].error).toBe("Error: Invalid JSON in tool arguments");
    expect(rollout.messages[9].metadata).toMatchObject({ injected: "step-instructions", step: 1 });
    expect(rollout.messages[11].metadata).toMatchObject({ injected: "empty-turn-nudge" });
    expect(rollout.messages[12].metadata).toMatchObject({ role: "function" });
    expect(rollout.messages[13].reasoning).toBe("Keep it short.");
    expect(rollout.messages.filter((m) => m.tokens).map((m) => m.tokens?.input)).toEqual([
      900, 1000, 1100, 1200, 1300, 1400,
    ]);
    expect(rollout.reward).toBe(0);
    expect(rollout.scores).toEqual({
      step_0: 0.75,
      "step_0.criterion_0": 1,
      "step_0.criterion_1": 0,
      step_1: 0,
      "step_1.criterion_0": 0,
    });
    expect(rollout.status).toBe("completed");
    expect(rollout.metadata).toMatchObject({
      runStatus: "failed",
      nSteps: 2,
      stepsStarted: 2,
      reasoningEffort: "high",
      preHook: { seed: "7" },
      answers: { report: "/workdir/data/report.md" },
    });
    const steps = rollout.metadata.steps as Array<{
      step: number;
      continueTask: boolean;
      metadata: Record<string, string>;
    }>;
    expect(steps.map((s) => [s.step, s.continueTask])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(steps[0].metadata.context).toHaveLength(10_000 + "… [truncated]".length);
    expect(rollout.startedAt).toBeNull();
  });

  it("maps errors: budget limits truncate, other exceptions are errors, misbehaviour is flagged", async () => {
    const base = EXAMPLE.events.slice(0, 6);
    const errorRun = (type: string) => ({
      run_id: "e1",
      events: [
        ...base,
        { type: "error", exception_type: type, message: "limit 1 reached", traceback: "Traceback..." },
        { type: "task_completed", status: "error" },
      ],
    });
    const budget = await importRun(errorRun("TurnLimitReachedError"));
    expect(budget).toMatchObject({
      status: "truncated",
      error: "TurnLimitReachedError: limit 1 reached",
      reward: null,
      metadata: { failureMode: "budget", traceback: "Traceback..." },
    });
    const broken = await importRun(errorRun("RubricJudgeError"));
    expect(broken).toMatchObject({
      status: "error",
      metadata: { errorType: "RubricJudgeError", failureMode: "infrastructure" },
    });
    const hack = await importRun({
      run_id: "m1",
      events: [
        ...base,
        {
          type: "scoring",
          scoring: {
            score: 0.0,
            metadata: { misbehavior: "/workdir/data/answer.txt is a symlink" },
            continue_task: false,
          },
          resource_metrics: null,
        },
        { type: "task_completed", status: "failed" },
      ],
    });
    expect(hack).toMatchObject({
      status: "completed",
      reward: 0,
      metadata: { misbehavior: "/workdir/data/answer.txt is a symlink", runStatus: "failed" },
    });
  });

  it("reads a -n batch member with its run config (secrets dropped), manifest and artifacts; infers a CLI agent", async () => {
    const cli = {
      run_id: "b7-1",
      events: [
        {
          timestamp: "2026-03-03T10:00:00Z",
          type: "task_started",
          run_id: "b7-1",
          task_id: "fix-bug",
          model: "mistral/devstral",
          n_steps: -1,
          reasoning_effort: null,
          use_hints: null,
        },
        { timestamp: "2026-03-03T10:00:01Z", type: "step_started", step: 0 },
        { timestamp: "2026-03-03T10:00:01Z", ...msg("user", "Fix the failing test.") },
        {
          timestamp: "2026-03-03T10:00:05Z",
          ...msg("assistant", "", {
            tool_calls: [call("vibe-tool-call-1", "bash", '{"command": "pytest -q"}')],
          }),
          raw: { vendor: "vibe" },
        },
        {
          timestamp: "2026-03-03T10:00:05Z",
          type: "tool_call_started",
          tool_call: call("vibe-tool-call-1", "bash", '{"command": "pytest -q"}'),
        },
        {
          timestamp: "2026-03-03T10:00:09Z",
          ...msg("tool", "1 failed\n\nContext remaining: 120,000", { tool_call_id: "vibe-tool-call-1" }),
        },
        {
          timestamp: "2026-03-03T10:00:09Z",
          type: "tool_call_completed",
          tool_call_id: "vibe-tool-call-1",
          result: { ...textResult("1 failed"), isError: true },
        },
        { timestamp: "2026-03-03T10:00:10Z", ...usage(5000, 80, { estimated: true }) },
        { timestamp: "2026-03-03T10:00:20Z", type: "task_completed", status: "passed" },
      ],
    };
    const rollout = await importRun(
      cli,
      {
        "run_config.json": {
          run_id: "b7",
          task_id: "fix-bug",
          agent: "mistral-vibe",
          model: "mistral/devstral",
          model_api_key: "$MISTRAL_API_KEY",
          turn_limit: 50,
        },
        ".manifest.json": { karotte_version: "3.0.41", templates: ["default"], agents: ["mistral-vibe"] },
        "b7-1_artifacts/step_0.ndjson": '{"event":"start"}\n',
        "b7-1_artifacts/answer.txt": "42",
        "transcript_0.json": "{}",
      },
      "transcript_1.json",
    );
    expect(rollout.metadata.runConfig).toEqual({
      run_id: "b7",
      task_id: "fix-bug",
      agent: "mistral-vibe",
      model: "mistral/devstral",
      turn_limit: 50,
    });
    expect(rollout.metadata).toMatchObject({
      agent: "mistral-vibe",
      batch: { baseRunId: "b7", index: 1 },
      environmentManifest: { karotte_version: "3.0.41" },
      artifacts: { folder: "b7-1_artifacts", files: ["answer.txt", "step_0.ndjson"] },
      tokenTotals: { isEstimated: true },
    });
    expect(rollout.messages[2]).toMatchObject({
      toolCallId: "vibe-tool-call-1",
      error: "1 failed",
      metadata: { injectedCounters: ["Context remaining: 120,000"] },
    });
    expect(rollout.messages[1]).toMatchObject({
      tokens: { input: 5000, output: 80 },
      metadata: { hasRaw: true, tokensEstimated: true },
    });
    expect(rollout).toMatchObject({ reward: null, status: "completed", model: "mistral/devstral" });
    // Without a run config the CLI agent is inferred from the raw payload and estimated usage.
    const bare = await importRun(cli);
    expect(bare.metadata.agent).toBe("cli (inferred)");
  });
});

describe("karotte importer edge cases", () => {
  it("reads the complete events of a truncated transcript and marks the run truncated", async () => {
    const text = JSON.stringify(EXAMPLE, null, 2);
    const folder = await writeFolder({ "transcript.json": text.slice(0, text.indexOf('"type": "scoring"')) });
    const records = await collect(join(folder, "transcript.json"));
    expect(records.map((r) => r.kind)).toEqual(["error", "rollout"]);
    expect(records[0]).toMatchObject({
      message: "the file ends inside event 13 (truncated file); the 12 complete events before it were read",
    });
    const rollout = records[1].kind === "rollout" ? records[1].rollout : null;
    expect(rollout).toMatchObject({ status: "truncated", reward: null, metadata: { runStatus: null } });
    expect(rollout?.messages).toHaveLength(5);
  });

  it("reports malformed and oversized events and keeps the rest", async () => {
    const big = msg("assistant", "y".repeat(3000));
    const transcript = `{"run_id": "x1", "events": [${JSON.stringify(EXAMPLE.events[0])}, {"type": "message_added", "message": {"role": }}, ${JSON.stringify(big)}, ${JSON.stringify(EXAMPLE.events[14])}]}`;
    const folder = await writeFolder({ "transcript.json": transcript });
    const records = await collect(join(folder, "transcript.json"), {
      ...DEFAULT_IMPORT_LIMITS,
      maxRecordBytes: 2048,
    });
    const errors = records.flatMap((r) => (r.kind === "error" ? [r.message] : []));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^event 2: malformed JSON/);
    expect(errors[1]).toBe("event 3 is 3.1 KiB, over the 2 KiB record limit; skipped");
    const rollout = records.find((r) => r.kind === "rollout");
    expect(rollout?.kind === "rollout" && rollout.rollout.metadata.runStatus).toBe("passed");
  });

  it("rejects empty files and other formats, and detects only Karotte transcripts", async () => {
    const empty = await writeFolder({ "transcript.json": "" });
    await expect(collect(join(empty, "transcript.json"))).rejects.toThrow("the file is empty");
    const other = await writeFolder({ "transcript.json": { run_id: "x", messages: [] } });
    expect(await collect(join(other, "transcript.json"))).toEqual([
      {
        kind: "error",
        file: "transcript.json",
        record: 1,
        message: 'not a Karotte transcript: no "events" list (or it is empty)',
      },
    ]);
    const example = await writeFolder({ "transcript.json": EXAMPLE });
    const detect = async (path: string) =>
      karotteImporter.detect(await readFormatSample({ path, name: path }));
    expect(await detect(join(example, "transcript.json"))).toBe(95);
    const corpus = CORPUS_DIR;
    for (const path of [
      "inspect-ai-json/2025-05-12T20-27-36-04-00_browser.json",
      "openhands/basic.json",
      "swe-agent/marshmallow-code__marshmallow-1867.traj",
      "atif/sample-trajectories.json",
      "langfuse-trace-export/openai-agents-2025-09-30.trace.json",
    ]) {
      expect(await detect(join(corpus, path))).toBe(0);
    }
  });
});

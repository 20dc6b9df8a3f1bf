import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { CORPUS_DIR, collectImport, corpusPath, writeTempFile } from "@/lib/imports/testing/corpus";
import {
  DEFAULT_IMPORT_LIMITS,
  type ImportLimits,
  type NormalizedRollout,
  type ParsedRecord,
} from "@/lib/imports/types";
import { buildTestZip, type TestZipMember } from "@/lib/imports/zip/build-test-zip";
import { inspectImporter } from "./inspect";
import { countToolLinks } from "./shared/link-tool-results";

const CORPUS = join(CORPUS_DIR, "inspect-ai-json");
const BROWSER = join(CORPUS, "2025-05-12T20-27-36-04-00_browser.json");
const POPULARITY = join(CORPUS, "2025-05-12T20-28-13-04-00_popularity.json");
const SECURITY = join(CORPUS, "2025-05-12T20-28-26-04-00_security-guide.json");
const OLD_LAYOUT = join(CORPUS, "2024-11-05T13-31-45-05-00_input-task_8zXjbRzCWrL9GXiXo2vus9.json");

async function collect(path: string, limits?: ImportLimits): Promise<ParsedRecord[]> {
  return (await collectImport(inspectImporter, path, limits)).items;
}

function rolloutsOf(records: ParsedRecord[]): NormalizedRollout[] {
  return records.flatMap((record) => (record.kind === "rollout" ? [record.rollout] : []));
}

function errorsOf(records: ParsedRecord[]): string[] {
  return records.flatMap((record) => (record.kind === "error" ? [record.message] : []));
}

async function readLog(
  path: string,
): Promise<Record<string, unknown> & { samples: Array<Record<string, unknown>> }> {
  return JSON.parse(await readFile(path, "utf8"));
}

/** The `.eval` zip Inspect would write for a `.json` log: header.json without samples, one member per sample. */
async function convertToEval(path: string, options: { sampleMethod?: number; withHeader?: boolean } = {}) {
  const { samples, ...header } = await readLog(path);
  const members: TestZipMember[] = [
    {
      name: "_journal/start.json",
      data: JSON.stringify({ version: 2, eval: header.eval, plan: header.plan }),
    },
  ];
  for (const sample of samples) {
    members.push({
      name: `samples/${sample.id}_epoch_${sample.epoch}.json`,
      data: JSON.stringify(sample),
      method: options.sampleMethod ?? 93,
    });
  }
  if (options.withHeader !== false) members.push({ name: "header.json", data: JSON.stringify(header) });
  return writeTempFile("converted.eval", buildTestZip(members));
}

describe("inspect importer on the corpus (.json logs)", () => {
  it("maps the agentic browser log: 10 messages, 4 tool calls linked to 4 results, includes scorer", async () => {
    const records = await collect(BROWSER);
    expect(errorsOf(records)).toEqual([]);
    const [rollout] = rolloutsOf(records);
    expect(rolloutsOf(records)).toHaveLength(1);
    expect(records[0]).toMatchObject({ kind: "rollout", record: 1, line: 181 });
    expect(rollout.messages.map((m) => m.role).join(",")).toBe(
      "user,assistant,tool,assistant,tool,assistant,tool,assistant,tool,assistant",
    );
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 4, results: 4, linked: 4 });
    expect(rollout.messages[1].toolCalls).toEqual([
      {
        id: "call_35FTpd6shR9efioDgeEBZ33s",
        name: "web_browser_go",
        arguments: { url: "https://www.aisi.gov.uk/" },
      },
    ]);
    expect(rollout.messages[2]).toMatchObject({
      toolCallId: "call_35FTpd6shR9efioDgeEBZ33s",
      toolName: "web_browser_go",
    });
    expect(rollout.messages[3].toolCalls?.[0].arguments).toEqual({ element_id: 151 });
    expect(rollout).toMatchObject({
      externalId: "1_epoch_1",
      taskKey: "1",
      model: "openai/gpt-4o-mini",
      harness: "inspect_ai",
      reward: 1,
      scores: { includes: 1 },
      status: "completed",
    });
    expect(rollout.messages[9].model).toBe("gpt-4o-mini-2024-07-18");
    expect(rollout.messages[9].text).toMatch(/^The AI Security Institute \(AISI\) is the premier/);
    // Per-call usage comes from the model events, matched by message id.
    expect(rollout.messages[1].tokens).toMatchObject({
      input: expect.any(Number),
      output: expect.any(Number),
    });
    const total = rollout.messages.reduce((sum, m) => sum + (m.tokens?.input ?? 0), 0);
    expect(total).toBe(15235);
    expect(rollout.metadata).toMatchObject({
      target: "",
      log: { task: "browser", status: "success", scorers: ["includes"] },
    });
  });

  it("maps a cancelled log: 3 samples, match scorer with one incorrect, targets kept as hidden answers", async () => {
    const rollouts = rolloutsOf(await collect(POPULARITY));
    expect(rollouts.map((r) => r.taskKey)).toEqual(["1", "2", "3"]);
    expect(rollouts.map((r) => r.reward)).toEqual([1, 1, 0]);
    expect(rollouts.map((r) => r.metadata.target)).toEqual([" Yes", " No", " Yes"]);
    expect(rollouts.every((r) => r.messages.map((m) => m.role).join(",") === "system,user,assistant")).toBe(
      true,
    );
    expect(rollouts[0].metadata.log).toMatchObject({ status: "cancelled", task: "popularity" });
    expect(rollouts[0].metadata.sampleMetadata).toEqual({
      label_confidence: 0.8860552919198255,
      nested: { foo: "bar" },
    });
    expect(rollouts[2].metadata.scoreDetails).toEqual({
      match: { value: "I", answer: "No", explanation: "No" },
    });
  });

  it("maps the model-graded security guide and the older 0.3.43 layout", async () => {
    const security = rolloutsOf(await collect(SECURITY));
    expect(security.map((r) => r.scores)).toEqual([
      { model_graded_fact: 1 },
      { model_graded_fact: 1 },
      { model_graded_fact: 1 },
    ]);
    expect(security[0].metadata.target).toBe("use parameterized queries and prepared statements");
    const old = rolloutsOf(await collect(OLD_LAYOUT));
    expect(old).toHaveLength(1);
    expect(old[0].messages.map((m) => m.role)).toEqual(["user", "user", "assistant"]);
    expect(old[0].reward).toBe(1);
    expect(old[0].metadata.log).toMatchObject({
      task: "input_task",
      inspectVersion: "0.3.43.dev33+g6c96d92d",
    });
  });

  it("detects .json logs and leaves other JSON alone", async () => {
    for (const path of [BROWSER, POPULARITY, SECURITY, OLD_LAYOUT]) {
      expect(inspectImporter.detect(await readFormatSample({ path, name: path }))).toBe(95);
    }
    const traj = corpusPath("swe-agent/pydicom__pydicom-1458.traj");
    expect(inspectImporter.detect(await readFormatSample({ path: traj, name: "x.traj" }))).toBe(0);
    const openhands = corpusPath("openhands/output.jsonl");
    expect(inspectImporter.detect(await readFormatSample({ path: openhands, name: "output.jsonl" }))).toBe(0);
  });
});

describe("inspect importer on .eval zips", () => {
  it("reads a zstd .eval built from a corpus log the same as the .json", async () => {
    const fromJson = rolloutsOf(await collect(POPULARITY));
    const path = await convertToEval(POPULARITY);
    expect(inspectImporter.detect(await readFormatSample({ path, name: "log.eval" }))).toBe(95);
    const records = await collect(path);
    expect(errorsOf(records)).toEqual([]);
    const fromEval = rolloutsOf(records);
    expect(fromEval.map((r) => r.reward)).toEqual([1, 1, 0]);
    expect(fromEval.map((r) => r.messages)).toEqual(fromJson.map((r) => r.messages));
    expect(records.map((r) => r.record)).toEqual([1, 2, 3]);
  });

  it("falls back to the journal start record when header.json is missing (crashed run)", async () => {
    const path = await convertToEval(BROWSER, { withHeader: false, sampleMethod: 8 });
    const rollouts = rolloutsOf(await collect(path));
    expect(rollouts).toHaveLength(1);
    expect(rollouts[0].metadata.log).toMatchObject({ status: "started", task: "browser" });
    expect(countToolLinks(rollouts[0].messages)).toEqual({ calls: 4, results: 4, linked: 4 });
  });

  it("reports a zip-bomb sample member and keeps the others", async () => {
    const { samples, ...header } = await readLog(POPULARITY);
    const bomb = new Uint8Array(2_000_000).fill(0x20); // Whitespace compresses ~1000:1 with deflate.
    const path = await writeTempFile(
      "bomb.eval",
      buildTestZip([
        { name: "header.json", data: JSON.stringify(header) },
        { name: "samples/1_epoch_1.json", data: JSON.stringify(samples[0]) },
        { name: "samples/2_epoch_1.json", data: bomb },
        { name: "samples/3_epoch_1.json", data: JSON.stringify(samples[2]) },
      ]),
    );
    const records = await collect(path, { ...DEFAULT_IMPORT_LIMITS, maxZipRatio: 200 });
    expect(rolloutsOf(records).map((r) => r.taskKey)).toEqual(["1", "3"]);
    expect(records[1]).toMatchObject({ kind: "error", record: 2 });
    expect(errorsOf(records)[0]).toMatch(
      /^samples\/2_epoch_1\.json: zip member .* over the 200:1 limit \(zip-bomb guard\)$/,
    );
  });

  it("refuses an archive with too many members", async () => {
    const members = Array.from({ length: 30 }, (_, i) => ({ name: `samples/${i}_epoch_1.json`, data: "{}" }));
    const path = await writeTempFile(
      "many.eval",
      buildTestZip([{ name: "header.json", data: "{}" }, ...members]),
    );
    await expect(collect(path, { ...DEFAULT_IMPORT_LIMITS, maxZipEntries: 20 })).rejects.toThrow(
      "the zip archive has 31 members, over the 20 member limit",
    );
  });

  it("reads chunked samples: message_refs into pooled chunks and attachment://<index> refs", async () => {
    const { samples, ...header } = await readLog(POPULARITY);
    const {
      messages,
      attachments: _attachments,
      ...shell
    } = samples[0] as Record<string, unknown> & {
      messages: unknown[];
    };
    const prefix = "samples/1_epoch_1";
    const path = await writeTempFile(
      "chunked.eval",
      buildTestZip([
        { name: "header.json", data: JSON.stringify(header) },
        {
          name: `${prefix}/sample.json`,
          data: JSON.stringify({
            ...shell,
            message_refs: [
              [0, 2],
              [3, 4],
            ],
          }),
        },
        { name: `${prefix}/messages/0.json`, data: JSON.stringify(messages.slice(0, 2)) },
        {
          name: `${prefix}/messages/2.json`,
          data: JSON.stringify([
            { role: "user", content: "pooled, not final" },
            { ...(messages[2] as object), content: "attachment://1" },
          ]),
        },
        { name: `${prefix}/attachments/0.json`, data: JSON.stringify(["unused", "Yes, from an attachment"]) },
      ]),
    );
    const [rollout] = rolloutsOf(await collect(path));
    expect(rollout.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(rollout.messages[2].text).toBe("Yes, from an attachment");
    expect(rollout.reward).toBe(1);
  });
});

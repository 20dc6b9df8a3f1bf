import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { FIXTURE_JUDGE } from "./__fixtures__/fixture-judge";
import { FIXTURE_SNAPSHOT } from "./__fixtures__/fixture-snapshot";
import { buildExportFiles } from "./build-export";
import { JUDGE_NONCE, JUDGE_TRANSCRIPT } from "./deployed-judge";
import type { ExportFile } from "./export-file";

// Every format with judges carries the deployed judge: its instructions, first panel member's model
// (the whole panel in the README), sampling and criteria. Without a deployed judge each format keeps
// its default judge.

const WITH_JUDGE = { ...FIXTURE_SNAPSHOT, judge: FIXTURE_JUDGE };

const textOf = (content: string | Uint8Array) =>
  typeof content === "string" ? content : Buffer.from(content).toString("utf8");
const read = (files: ExportFile[], path: string) => {
  const file = files.find((f) => f.path === path);
  if (!file) throw new Error(`no ${path} in ${files.map((f) => f.path).join(", ")}`);
  return textOf(file.content);
};
/** Harbor's `${VAR:-default}`: resolved from the host's environment when a trial starts. */
const fromHost = (inner: string) => `\${${inner}}`;
const rowsOf = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

/** The judge settings every grader-side task row must carry for loss-report. */
function expectLossReportJudge(judge: Record<string, unknown>) {
  expect(judge).toMatchObject({
    name: "rubric-judge",
    version: 3,
    kind: "anthropic",
    model: "claude-judge",
    panel: [
      { kind: "anthropic", model: "claude-judge" },
      { kind: "openai", model: "gpt-panel" },
    ],
    temperature: 0.2,
    maxTokens: 777,
    criteria: ["loss", "diagnosis"],
  });
  // The deployed template, rendered with the task's prompt, key and criteria; the answer goes in later.
  expect(judge.message).toContain("LOSS JUDGE. Task: Read `training-log.md`");
  expect(judge.message).toContain("Key: Final validation loss: 0.4172 nats");
  expect(judge.message).toContain(`Answer: ${JUDGE_TRANSCRIPT}`);
  // The studio's output contract, with the nonce filled in by the grader.
  expect(judge.system).toContain(`<transcript-${JUDGE_NONCE}>`);
  expect(judge.system).toContain('- diagnosis: "score": a number from 0 to 4');
}

function expectPanelInReadme(readme: string) {
  expect(readme).toContain("## Judge");
  expect(readme).toContain("**rubric-judge** version 3");
  expect(readme).toContain("1. `anthropic/claude-judge` (asked by the exported grader)");
  expect(readme).toContain("2. `openai/gpt-panel`");
  expect(readme).toContain("temperature 0.2, at most 777 output tokens");
  expect(readme).toContain("| `probe-critique` | `leakage` | left out of the reward: `give-up` |");
  expect(readme).toContain("Cohen's kappa 0.90 (95% interval 0.78 to 1.00)");
}

describe("exports carry the deployed judge", () => {
  it("writes judge.json with the template, models, criteria and calibration into the native format", () => {
    const files = buildExportFiles(WITH_JUDGE, "native");
    const parsed = JSON.parse(read(files, "judge.json"));
    expect(parsed).toMatchObject({
      name: "rubric-judge",
      version: 3,
      models: [{ model: "claude-judge" }, { model: "gpt-panel" }],
    });
    expect(parsed.calibration.heldOut.overall.kappaLower).toBe(0.78);
    expect(buildExportFiles(FIXTURE_SNAPSHOT, "native").some((f) => f.path === "judge.json")).toBe(false);
  });

  it("names the deployed judge's model in karotte run configs", () => {
    const configs = buildExportFiles(WITH_JUDGE, "karotte").filter((f) => f.path.includes("/run_configs/"));
    const withCriteria = configs
      .map((f) => JSON.parse(textOf(f.content)))
      .filter((c) => c.rubric_judge_model !== null);
    expect(withCriteria.length).toBeGreaterThan(0);
    for (const config of withCriteria) expect(config.rubric_judge_model).toBe("anthropic/claude-judge");
  });

  it("points each Harbor verifier at the deployed judge's provider, model, sampling and instructions", () => {
    const files = buildExportFiles(WITH_JUDGE, "harbor");
    const toml = parseToml(read(files, "fixture-env/loss-report/task.toml")) as Record<
      string,
      Record<string, unknown>
    >;
    expect(toml.verifier.environment_mode).toBe("separate");
    // The deployed provider's endpoint is the default; the usual variable overrides it; no key.
    expect(toml.verifier.env).toEqual({
      JUDGE_API_KEY: fromHost("ANTHROPIC_API_KEY:-"),
      JUDGE_BASE_URL: fromHost("ANTHROPIC_BASE_URL:-https://anthropic.example.test"),
      JUDGE_MODEL: fromHost("JUDGE_MODEL:-claude-judge"),
    });
    expect(toml.metadata).toMatchObject({
      judge: "rubric-judge",
      judge_version: 3,
      judge_models: ["anthropic/claude-judge", "openai/gpt-panel"],
    });
    expectLossReportJudge(JSON.parse(read(files, "fixture-env/loss-report/tests/task.json")).judge);
    const probe = JSON.parse(read(files, "fixture-env/probe-critique/tests/task.json")).judge;
    expect(probe.criteria).toEqual(["leakage"]);
    // The template has no {{response}}: the quoted answer is appended, as in the studio.
    expect(probe.message).toMatch(/^LEAKAGE JUDGE[\s\S]*## Transcript to grade\n@@STUDIO_TRANSCRIPT@@$/);
    expect(read(files, "fixture-env/triple-quote/tests/task.json")).not.toContain('"judge"');
    expectPanelInReadme(read(files, "fixture-env/README.md"));
    expect(read(files, "fixture-env/README.md")).toContain("`ANTHROPIC_API_KEY` is set on the host");

    const plain = buildExportFiles(FIXTURE_SNAPSHOT, "harbor");
    const defaults = parseToml(read(plain, "fixture-env/loss-report/task.toml")) as Record<
      string,
      Record<string, Record<string, string>>
    >;
    expect(defaults.verifier.env.JUDGE_MODEL).toBe(fromHost("JUDGE_MODEL:-gpt-4.1-mini"));
    expect(read(plain, "fixture-env/loss-report/tests/task.json")).not.toContain('"judge"');
    expect(read(plain, "fixture-env/README.md")).not.toContain("## Judge");
  });

  it("gives the Inspect scorer the deployed judge in each sample's grader data", () => {
    const files = buildExportFiles(WITH_JUDGE, "inspect");
    const rows = rowsOf(read(files, "fixture_env/dataset.jsonl"));
    expectLossReportJudge(rows[0].metadata.grader.judge);
    expect(rows[1].metadata.grader.judge.criteria).toEqual(["leakage"]);
    // The model never sees it: `input` is the task message alone.
    expect(JSON.stringify(rows[0].input)).not.toContain("LOSS JUDGE");
    const readme = read(files, "fixture_env/README.md");
    expectPanelInReadme(readme);
    expect(readme).toContain("defaults to `anthropic/claude-judge`");
    const plain = rowsOf(read(buildExportFiles(FIXTURE_SNAPSHOT, "inspect"), "fixture_env/dataset.jsonl"));
    expect(plain[0].metadata.grader.judge).toBeUndefined();
  });

  it("gives the verifiers reward function the deployed judge in each row's info", () => {
    const files = buildExportFiles(WITH_JUDGE, "verifiers");
    const rows = rowsOf(read(files, "fixture_env/data.jsonl"));
    expectLossReportJudge(JSON.parse(rows[0].info).judge);
    expect(JSON.stringify(rows[0].prompt)).not.toContain("LOSS JUDGE");
    const readme = read(files, "fixture_env/README.md");
    expectPanelInReadme(readme);
    expect(readme).toContain("null: the deployed judge's, `claude-judge`");
    expect(readme).toContain("null: `ANTHROPIC_API_KEY`");
    const plain = read(buildExportFiles(FIXTURE_SNAPSHOT, "verifiers"), "fixture_env/README.md");
    expect(plain).toContain("null: `gpt-4.1-mini`");
  });

  it("exports the deployed provider's endpoint (never its key) as each format's default, overridable by the usual variable", () => {
    const local = {
      ...FIXTURE_SNAPSHOT,
      judge: {
        ...FIXTURE_JUDGE,
        models: [{ kind: "openai" as const, model: "local-judge", baseUrl: "http://127.0.0.1:8000/v1" }],
      },
    };
    // Harbor: task.toml's default, with a note that loopback is the container itself.
    const harbor = buildExportFiles(local, "harbor");
    const toml = parseToml(read(harbor, "fixture-env/loss-report/task.toml")) as Record<
      string,
      Record<string, Record<string, string>>
    >;
    expect(toml.verifier.env.JUDGE_BASE_URL).toBe(fromHost("OPENAI_BASE_URL:-http://127.0.0.1:8000/v1"));
    expect(toml.verifier.env.JUDGE_API_KEY).toBe(fromHost("OPENAI_API_KEY:-"));
    const harborReadme = read(harbor, "fixture-env/README.md");
    expect(harborReadme).toContain("defaults to the deployed judge's provider, `http://127.0.0.1:8000/v1`");
    expect(harborReadme).toContain("set `OPENAI_BASE_URL` to use another");
    expect(harborReadme).toContain("host.docker.internal");
    // Inspect and verifiers: the grader data carries it; the module reads the variable first.
    for (const [format, data] of [
      ["inspect", "fixture_env/dataset.jsonl"],
      ["verifiers", "fixture_env/data.jsonl"],
    ] as const) {
      const files = buildExportFiles(local, format);
      const row = rowsOf(read(files, data))[0];
      const judge = format === "inspect" ? row.metadata.grader.judge : JSON.parse(row.info).judge;
      expect(judge.baseUrl).toBe("http://127.0.0.1:8000/v1");
      expect(read(files, "fixture_env/README.md")).toContain("`OPENAI_BASE_URL`");
      const module = read(files, "fixture_env/fixture_env.py");
      expect(module).toMatch(/os\.environ\.get\((variable|endpoint\["base_url_var"\])\) or settings/);
    }
    // Karotte: judge.json sets litellm's variable as a default; the run config names the key variable.
    const karotte = buildExportFiles(local, "karotte");
    expect(JSON.parse(read(karotte, "fixture-env-overlay/root_data/studio/judge.json"))).toEqual({
      kind: "openai",
      model: "local-judge",
      base_url: "http://127.0.0.1:8000/v1",
      base_url_var: "OPENAI_BASE_URL",
    });
    const config = JSON.parse(read(karotte, "fixture-env-overlay/run_configs/loss-report.json"));
    expect(config).toMatchObject({
      rubric_judge_model: "openai/local-judge",
      rubric_judge_api_key: "$OPENAI_API_KEY",
    });
    expect(read(karotte, "fixture-env-overlay/README.md")).toContain("`http://127.0.0.1:8000/v1`");
    // Native: judge.json keeps the endpoint too. Nothing anywhere looks like a key.
    const native = buildExportFiles(local, "native");
    expect(native.map((f) => textOf(f.content)).join("\n")).toContain("http://127.0.0.1:8000/v1");
    for (const format of ["harbor", "inspect", "verifiers", "karotte", "native"] as const)
      expect(
        buildExportFiles(local, format)
          .map((f) => textOf(f.content))
          .join("\n"),
      ).not.toMatch(/sk-|apiKey"/);
  });
});

import { describe, expect, it } from "vitest";
import { FIXTURE_SNAPSHOT } from "./__fixtures__/fixture-snapshot";
import { buildExportFiles } from "./build-export";
import type { DeployedJudgeExport } from "./snapshot";

const textOf = (content: string | Uint8Array) =>
  typeof content === "string" ? content : Buffer.from(content).toString("utf8");

const figures = {
  n: 40,
  rollouts: 40,
  kappa: 0.9,
  kappaLower: 0.78,
  kappaUpper: 1,
  accuracy: 0.95,
  precisionMet: 0.94,
  recallMet: 0.96,
  unevaluable: 0,
};
const JUDGE: DeployedJudgeExport = {
  name: "rubric-judge",
  version: 3,
  fingerprint: "f".repeat(64),
  deployedAt: "2026-12-01T12:00:00.000Z",
  models: [{ kind: "anthropic", model: "claude-judge" }],
  aggregation: "single judge",
  sampling: { temperature: 0, maxTokens: 2048 },
  template: "Grade {{response}} against {{criteria}}.",
  tasks: [
    {
      key: "t",
      template: "Grade it.",
      criteria: [{ key: "c", title: "C", type: "binary", scaleMax: null, weight: 1 }],
    },
  ],
  calibration: {
    bar: { minKappaLower: 0.6, minHeldOut: 30 },
    isPassed: true,
    heldOut: { overall: figures, criteria: [{ key: "c", ...figures }] },
    dev: { overall: figures, criteria: [] },
  },
};

describe("exports carry the deployed judge", () => {
  it("writes judge.json with the template, models, criteria and calibration into the native format", () => {
    const files = buildExportFiles({ ...FIXTURE_SNAPSHOT, judge: JUDGE }, "native");
    const judge = files.find((f) => f.path === "judge.json");
    expect(judge).toBeDefined();
    const parsed = JSON.parse(textOf(judge?.content ?? ""));
    expect(parsed).toMatchObject({ name: "rubric-judge", version: 3, models: [{ model: "claude-judge" }] });
    expect(parsed.calibration.heldOut.overall.kappaLower).toBe(0.78);
    expect(buildExportFiles(FIXTURE_SNAPSHOT, "native").some((f) => f.path === "judge.json")).toBe(false);
  });

  it("names the deployed judge's model in karotte run configs", () => {
    const configs = buildExportFiles({ ...FIXTURE_SNAPSHOT, judge: JUDGE }, "karotte").filter((f) =>
      f.path.includes("/run_configs/"),
    );
    const withCriteria = configs
      .map((f) => JSON.parse(textOf(f.content)))
      .filter((c) => c.rubric_judge_model !== null);
    expect(withCriteria.length).toBeGreaterThan(0);
    for (const config of withCriteria) expect(config.rubric_judge_model).toBe("anthropic/claude-judge");
  });
});

import { describe, expect, it } from "vitest";
import { FIXTURE_SNAPSHOT } from "@/lib/exports/__fixtures__/fixture-snapshot";
import { findBestModel, toBuyerReport } from "./buyer-report";
import { filterCatalog, toCatalogCard } from "./cards";
import { buildDatasheet, WITHHELD } from "./datasheet";

const wilson = (successes: number, n: number) => ({
  estimate: n ? successes / n : null,
  low: 0.1,
  high: 0.9,
  successes,
  n,
});

const REPORT = {
  difficulty: [
    { task: "loss-report", model: "model-a", n: 8, passed: 6, passAt1: 0.75, band: "learnable", gap: 0.2 },
  ],
  difficultySummary: {
    models: [
      {
        model: "model-a",
        tasks: 2,
        n: 16,
        passed: 9,
        passRate: wilson(9, 16),
        bands: { learnable: 2 },
        curve: [{ k: 1, value: 0.5625, tasks: 2 }],
      },
      {
        model: "model-b",
        tasks: 2,
        n: 16,
        passed: 12,
        passRate: wilson(12, 16),
        bands: { saturated: 2 },
        curve: [{ k: 1, value: 0.75, tasks: 2 }],
      },
    ],
    bands: { learnable: 2, saturated: 2, "no-signal": 0, insufficient: 0 },
  },
  robustness: {
    labelled: 10,
    judged: 8,
    counts: { tp: 5, fp: 2, fn: 1, tn: 2 },
    verdicts: [],
    rewardPrecision: wilson(5, 7),
    hackRateAmongRewarded: wilson(2, 7),
    graderFalseNegativeRate: wilson(1, 6),
    accuracy: wilson(7, 10),
    criteria: [],
    cells: [
      {
        reward: "pass",
        human: "genuine",
        count: 5,
        rollouts: [{ id: "3f1c-rollout-id", task: "t", model: "m", reward: 1 }],
      },
    ],
  },
  failures: {
    labelled: 10,
    byTask: [],
    byModel: [],
    bestModel: null,
    examples: [
      {
        rolloutId: "3f1c-rollout-id",
        excerpt: "a transcript excerpt",
        href: "/rollouts/3f1c-rollout-id#m-2",
      },
    ],
  },
};

describe("the buyer's report", () => {
  it("keeps figures and drops rollout ids, excerpts and studio links", () => {
    const report = toBuyerReport(REPORT);
    expect(report.robustness?.hackRateAmongRewarded.successes).toBe(2);
    expect(report.failures?.labelled).toBe(10);
    expect(report.scaling).toBeNull();
    expect(JSON.stringify(report)).not.toMatch(/rollout-id|excerpt|\/rollouts\//);
    expect(findBestModel(report)).toEqual({ model: "model-b", passAt1: 0.75, tasks: 2 });
  });
});

describe("catalog cards", () => {
  const card = toCatalogCard({
    environment: {
      slug: "probes",
      name: "Probes",
      description: "Linear probes.",
      domain: "AI safety",
      tags: ["interp"],
    },
    version: 3,
    publishedAt: new Date("2026-02-01T00:00:00Z"),
    difficulties: ["hard", "hard", null],
    samples: 2,
    report: REPORT,
  });

  it("carry task count, difficulty, bands, the best model's pass@1 and the hack rate", () => {
    expect(card).toMatchObject({
      taskCount: 3,
      difficulties: { hard: 2, unrated: 1 },
      bands: { learnable: 2, saturated: 2 },
      bestModel: { model: "model-b", passAt1: 0.75 },
      samples: 2,
    });
    expect(card.hackRate?.estimate).toBeCloseTo(2 / 7);
  });

  it("filter by words, domain, difficulty and band", () => {
    expect(filterCatalog([card], { q: "linear PROBES" })).toHaveLength(1);
    expect(filterCatalog([card], { q: "probes chemistry" })).toHaveLength(0);
    expect(filterCatalog([card], { domain: "ai safety" })).toHaveLength(1);
    expect(filterCatalog([card], { difficulty: "hard", band: "saturated" })).toHaveLength(1);
    expect(filterCatalog([card], { difficulty: "easy" })).toHaveLength(0);
    expect(filterCatalog([card], { band: "no-signal" })).toHaveLength(0);
  });
});

describe("the datasheet", () => {
  it("shows the most sampled task as the agent sees it, with its rubric and no answer material", () => {
    const sheet = buildDatasheet(FIXTURE_SNAPSHOT, []);
    expect(sheet.sampleTask?.key).toBe("loss-report");
    expect(sheet.sampleTask?.documents.map((d) => d.name)).toEqual(["training-log.md"]);
    expect(sheet.sampleTask?.criteria.map((c) => [c.key, c.scale, c.weight])).toEqual([
      ["loss", "met / not met", 2],
      ["diagnosis", "0–4", 1],
    ]);
    expect(sheet.samples).toEqual([expect.objectContaining({ id: "sample-1", messageCount: 4 })]);
    const text = JSON.stringify(sheet);
    for (const forbidden of [
      "0.4172",
      "Zebra-Quartz",
      "Planted flaw",
      "Names the skipped warmup",
      "judgeTemplate",
      "goldenExamples",
    ]) {
      expect(text).not.toContain(forbidden);
    }
  });

  it("withholds a rubric text that states part of an answer", () => {
    const leaky = structuredClone(FIXTURE_SNAPSHOT);
    leaky.tasks[0].rubric.criteria[0].description =
      "Full marks for: the run diverged at step 18,250 because the warmup was skipped.";
    const sheet = buildDatasheet(leaky, []);
    expect(sheet.sampleTask?.criteria[0].description).toBe(WITHHELD);
    expect(sheet.sampleTask?.criteria[1].description).toBe("");
  });
});

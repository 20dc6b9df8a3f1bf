import { describe, expect, it } from "vitest";
import { detectSourceFormat } from "@/lib/imports/detect";
import { collectImport, corpusPath, summarizeRollouts, writeTempFile } from "@/lib/imports/testing/corpus";
import { openaiImporter } from "./openai";
import { PAPERBENCH_MESSAGE } from "./openai-detect";
import { buildRubricKey, type RubricEntry } from "./openai-simple-evals";

const HEALTHBENCH = "rubric-grading/healthbench-simple-evals/";
const SHORT_RUN = `${HEALTHBENCH}healthbench_custom_consensus_short_20250513_1639_allresults.json`;
const LONG_RUN = `${HEALTHBENCH}healthbench_custom_consensus_short_20250513_1753_allresults.json`;

const countMet = (values: Record<string, number>[]) =>
  values.reduce((sum, scores) => sum + Object.values(scores).filter((value) => value === 1).length, 0);

describe("openai importer on simple-evals HealthBench results", () => {
  it("detects both corpus files as openai", async () => {
    for (const file of [SHORT_RUN, LONG_RUN]) {
      expect(await detectSourceFormat({ path: corpusPath(file), name: "x_allresults.json" })).toEqual({
        format: "openai",
        confidence: 60,
      });
    }
  });

  it("imports each graded conversation with its score and per-criterion verdicts", async () => {
    const { rollouts, errors } = await collectImport(openaiImporter, corpusPath(SHORT_RUN));
    expect(errors).toEqual([]);
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 3,
      messages: 10,
      calls: 0,
      results: 0,
      linked: 0,
    });
    expect(rollouts.map((rollout) => rollout.reward)).toEqual([2 / 3, 2 / 3, 2 / 3]);
    expect(rollouts.map((rollout) => Object.keys(rollout.scores ?? {}).length)).toEqual([3, 3, 3]);
    expect(countMet(rollouts.map((rollout) => rollout.scores ?? {}))).toBe(6);
    const [first] = rollouts;
    expect(first).toMatchObject({
      taskKey: "65a12f89-676d-4226-bf1b-d8c20ecd3607",
      externalId: "ac014b96a49741ec8bd93621bc7b7f3adf14f17075d3194f91fc526f9800ee24",
      harness: "simple-evals",
      status: "completed",
      metadata: { sample: 1, runScore: 2 / 3 },
    });
    expect(first.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(first.messages[1].tokens).toEqual({ input: 103, output: 1308, total: 1411 });
    const rubric = first.metadata.rubric as RubricEntry[];
    expect(rubric).toHaveLength(3);
    expect(rubric[2]).toMatchObject({
      key: buildRubricKey(rubric[2].criterion),
      points: 5,
      criteriaMet: false,
      tags: [
        "level:cluster",
        "cluster:hedging_any-reducible-uncertainty_seeks_context",
        "axis:context_awareness",
      ],
    });
    expect(rubric[2].explanation).toMatch(/^The assistant provides a thorough and empathetic response/);
    expect(first.scores?.[rubric[2].key]).toBe(0);
    expect(first.scores?.[rubric[0].key]).toBe(1);
  });

  it("imports the six-conversation run; the same criterion keeps its key across files", async () => {
    const short = await collectImport(openaiImporter, corpusPath(SHORT_RUN));
    const long = await collectImport(openaiImporter, corpusPath(LONG_RUN));
    expect(long.errors).toEqual([]);
    expect(summarizeRollouts(long.rollouts)).toEqual({
      rollouts: 6,
      messages: 20,
      calls: 0,
      results: 0,
      linked: 0,
    });
    expect(long.rollouts.map((rollout) => rollout.reward)).toEqual([1, 2 / 3, 2 / 3, 1, 1, 2 / 3]);
    expect(countMet(long.rollouts.map((rollout) => rollout.scores ?? {}))).toBe(15);
    expect(long.rollouts.map((rollout) => rollout.messages.length)).toEqual([2, 6, 2, 2, 6, 2]);
    expect(Object.keys(long.rollouts[1].scores ?? {})).toEqual(Object.keys(short.rollouts[0].scores ?? {}));
  });

  it("falls back to convos, reports a broken sample and keys duplicate or ungraded criteria", async () => {
    const document = {
      score: 0.5,
      metrics: { overall_score: 0.5 },
      htmls: ["", "", ""],
      convos: [
        [
          { role: "user", content: "q1" },
          { role: "assistant", content: "a1" },
        ],
        [{ role: "user", content: "q2" }],
        [{ role: "user", content: "q3" }],
      ],
      metadata: {
        example_level_metadata: [
          {
            score: 0.5,
            prompt_id: "p1",
            run_tag: "r",
            rubric_items: [
              { criterion: "Says hi.", points: 5, criteria_met: true, explanation: "It does." },
              { criterion: "Says hi.", points: -3, criteria_met: false, explanation: "No harm." },
              { criterion: "Cites a source.", points: 2, tags: ["axis:accuracy", 7] },
            ],
          },
          { score: 1, prompt: "not a list", completion: [{ role: "assistant", content: "a2" }] },
          { score: 0, prompt: [{ content: "no role" }], completion: [] },
        ],
      },
    };
    const { rollouts, errors } = await collectImport(
      openaiImporter,
      writeTempFile("r_allresults.json", JSON.stringify(document)),
    );
    expect(rollouts.map((rollout) => [rollout.taskKey, rollout.reward, rollout.messages.length])).toEqual([
      ["p1", 0.5, 2],
      [null, 1, 1],
    ]);
    const hi = buildRubricKey("Says hi.");
    expect(rollouts[0].scores).toEqual({ [hi]: 1, [`${hi}-2`]: 0 });
    expect(rollouts[0].metadata).toMatchObject({ run_tag: "r", runScore: 0.5 });
    expect((rollouts[0].metadata.rubric as RubricEntry[])[2]).toMatchObject({
      points: 2,
      criteriaMet: null,
      tags: ["axis:accuracy"],
      explanation: null,
    });
    expect(errors.map((error) => [error.record, error.message])).toEqual([
      [3, 'sample 3: example_level_metadata[2][0] has no "role"'],
    ]);
  });
});

describe("buildRubricKey", () => {
  it("is a slug of the first words plus a hash of the whole criterion", () => {
    expect(buildRubricKey("The response has no factually incorrect information.")).toBe(
      "the-response-has-no-factually-incorrect-89bd5ba2",
    );
    expect(buildRubricKey("The response has no factually incorrect claims.")).toMatch(
      /^the-response-has-no-factually-incorrect-[0-9a-f]{8}$/,
    );
    expect(buildRubricKey("The response has no factually incorrect claims.")).not.toBe(
      buildRubricKey("The response has no factually incorrect information."),
    );
    expect(buildRubricKey("¿?")).toMatch(/^criterion-[0-9a-f]{8}$/);
  });
});

describe("openai importer on PaperBench grading trees", () => {
  it("claims them weakly and fails them with a specific reason", async () => {
    const folder = "rubric-grading/paperbench-judge-eval/";
    for (const paper of ["semantic-self-consistency", "stay-on-topic-with-classifier-free-guidance"]) {
      const path = corpusPath(`${folder}${paper}/expected_result.json`);
      expect(await detectSourceFormat({ path, name: "expected_result.json" })).toEqual({
        format: "openai",
        confidence: 1,
      });
      const { rollouts, errors } = await collectImport(openaiImporter, path);
      expect(rollouts).toHaveLength(0);
      expect(errors.map((error) => [error.record, error.message])).toEqual([[1, PAPERBENCH_MESSAGE]]);
    }
    expect(PAPERBENCH_MESSAGE).toContain("a PaperBench grading tree, not a transcript");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { outsideFigures, readOutsideFigures } from "../outside-figures";
import { loadGrammars } from "../parsers/grammars";
import { loadEvalSet } from "./eval-set";
import { measureOutsideSet } from "./measure-outside-set";

// The figures the Scanners page shows for the outside evaluation set are the scanners' figures today:
// recomputed from the set, the recorded answers and the current rules, they equal the committed file
// (`npm run bench -- scan` rewrites it). Nothing here asserts a floor on the test half.

let measured: ReturnType<typeof measureOutsideSet>;

beforeAll(async () => {
  await loadGrammars();
  measured = measureOutsideSet(await loadEvalSet());
}, 60_000);

describe("the outside set's figures on the Scanners page", () => {
  it("are current: the committed file equals what the scanners measure now", () => {
    expect(
      readOutsideFigures(),
      "stale: run `npm run bench -- scan` and commit outside-figures.json",
    ).toEqual(measured);
  });

  it("cover both halves, the recorded LLM answers and every signature that flagged", () => {
    const figures = outsideFigures.parse(measured);
    expect(figures.llmAnswers).toBe("recorded");
    expect(figures.halves.test.merged).not.toBeNull();
    expect(
      figures.halves.dev.deterministic.hacks + figures.halves.test.deterministic.hacks,
    ).toBeGreaterThanOrEqual(40);
    expect(figures.bySignature.length).toBeGreaterThan(5);
    for (const row of figures.bySignature)
      expect(row.dev.hacks + row.dev.clean + row.test.hacks + row.test.clean).toBeGreaterThan(0);
  });
});

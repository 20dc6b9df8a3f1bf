import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectFormat } from "@/lib/imports/detect";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { collectImport, corpusPath, writeTempFile } from "@/lib/imports/testing/corpus";
import type { FormatImporter } from "@/lib/imports/types";
import { verifiersImporter } from "./verifiers";

// Property: in a JSONL file of records, one malformed line fails that line alone, with its line
// number, and every other record imports as before; the file is still detected. Seeded placements
// over a real verifiers results.jsonl (test-data/corpus/SOURCES.md §6) with its metadata.json beside it.

const RUN = corpusPath("verifiers/math-python--gpt-5-nano/cb7a1799");

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MALFORMED = ['{"prompt": [{"role": "user", "content": "cut', "not json", "[1, 2", '{"reward": NaN}'];

async function importWith(importer: FormatImporter, lines: string[]) {
  const metadata = readFileSync(join(RUN, "metadata.json"), "utf8");
  const path = writeTempFile("results.jsonl", `${lines.join("\n")}\n`, { "metadata.json": metadata });
  const detected = detectFormat(await readFormatSample({ path, name: "results.jsonl" }));
  return { detected, ...(await collectImport(importer, path)) };
}

describe("property: one malformed line never fails a whole JSONL file", () => {
  it("holds for 25 random placements in a real verifiers results.jsonl", async () => {
    const lines = readFileSync(join(RUN, "results.jsonl"), "utf8").trimEnd().split("\n");
    const original = await importWith(verifiersImporter, lines);
    expect(original.errors).toEqual([]);
    const ids = original.rollouts.map((r) => r.externalId);
    for (let seed = 1; seed <= 25; seed++) {
      const next = random(seed);
      const at = 1 + Math.floor(next() * lines.length); // after the first line, which detection reads
      const mutated = [...lines];
      mutated.splice(at, 0, MALFORMED[Math.floor(next() * MALFORMED.length)]);
      const { detected, rollouts, errors } = await importWith(verifiersImporter, mutated);
      expect(detected?.format, `seed ${seed}`).toBe("verifiers");
      expect(
        errors.map((e) => e.line),
        `seed ${seed}`,
      ).toEqual([at + 1]);
      expect(
        rollouts.map((r) => r.externalId),
        `seed ${seed}`,
      ).toEqual(ids);
    }
  });
});

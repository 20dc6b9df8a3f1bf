import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusPath, samplePath } from "@/lib/imports/testing/corpus";
import { describeNonTranscript } from "./known-files";
import { readFormatSample } from "./read/read-file-head";

const describeFile = async (path: string) =>
  describeNonTranscript(await readFormatSample({ path, name: basename(path) }));

describe("describeNonTranscript", () => {
  it("says what a run's non-transcript files are and what to import instead", async () => {
    expect(await describeFile(samplePath("terminal-bench/results.json"))).toMatch(
      /Terminal-Bench run summary .* import the agent's transcripts instead/,
    );
    expect(
      await describeFile(corpusPath("verifiers/wiki-search--gpt-4.1-mini/d057f808/metadata.json")),
    ).toMatch(/verifiers run's metadata\.json .* import the results\.jsonl beside it/);
    expect(
      await describeFile(corpusPath("verifiers/math-python--gpt-5-nano/cb7a1799/metadata.json")),
    ).toMatch(/verifiers run's metadata\.json/);
    expect(await describeFile(corpusPath("atif/regex-log-20251211-161750-ba4ddb16/metrics.json"))).toMatch(
      /metrics\.json .* import the trajectory file beside it/,
    );
  });

  it("leaves transcripts alone", async () => {
    for (const file of [
      "atif/regex-log-20251211-161750-ba4ddb16/trajectory.json",
      "langfuse-trace-export/openai-agents-2025-09-30.trace.json",
      "swe-agent/pydicom__pydicom-1458.traj",
    ]) {
      expect(await describeFile(corpusPath(file)), file).toBeNull();
    }
  });
});

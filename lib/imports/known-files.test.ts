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

describe("files of producers the studio doesn't read are named, not 'choose a format'", () => {
  // Minimal files in each producer's own layout (docs/formats/README.md names the sources).
  const cases: [string, string, RegExp][] = [
    [
      "trace.jsonl.lfs",
      "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n",
      /Git LFS pointer.*git lfs pull/,
    ],
    [
      ".aider.chat.history.md",
      "\n# aider chat started at 2025-03-01 10:00:00\n\n> /usr/local/bin/aider --model gpt-4o\n\n#### fix the failing test\n\nI'll update `test_app.py`.\n",
      /Aider chat history.*doesn't read/,
    ],
    [
      "capture.har",
      JSON.stringify({
        log: {
          version: "1.2",
          creator: { name: "WebInspector", version: "537.36" },
          pages: [],
          entries: [
            {
              startedDateTime: "2025-03-01T10:00:00.000Z",
              request: { method: "POST", url: "https://api.openai.com/v1/responses" },
              response: { status: 200 },
            },
          ],
        },
      }),
      /HTTP recording \(HAR/,
    ],
    [
      "logs.json",
      JSON.stringify([
        {
          sessionId: "0a1b",
          messageId: 0,
          type: "user",
          message: "hi",
          timestamp: "2025-09-01T10:00:00.000Z",
        },
      ]),
      /Gemini CLI prompt log/,
    ],
  ];

  for (const [name, content, expected] of cases) {
    it(name, async () => {
      const { writeTempFile } = await import("@/lib/imports/testing/corpus");
      const { detectFormat } = await import("./detect");
      const path = writeTempFile(name, content);
      const sample = await readFormatSample({ path, name });
      expect(detectFormat(sample)).toBeNull();
      expect(describeNonTranscript(sample)).toMatch(expected);
    });
  }
});

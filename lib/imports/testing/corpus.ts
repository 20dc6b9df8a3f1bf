// Test helpers for importers: the shared real-file corpus, temp files, and collecting parse output.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { countToolLinks } from "@/lib/imports/formats/shared/link-tool-results";
import {
  DEFAULT_IMPORT_LIMITS,
  type FormatImporter,
  type ImportLimits,
  type NormalizedRollout,
  type ParsedRecord,
} from "@/lib/imports/types";

/** The real public transcript files kept as test data (see `test-data/corpus/SOURCES.md`). */
export const CORPUS_DIR = fileURLToPath(new URL("../../../test-data/corpus", import.meta.url));

export function corpusPath(relative: string): string {
  return join(CORPUS_DIR, relative);
}

/** Small files we wrote in the public shapes of formats the corpus lacks (see test-data/samples/README.md). */
export const SAMPLES_DIR = fileURLToPath(new URL("../../../test-data/samples", import.meta.url));

export function samplePath(relative: string): string {
  return join(SAMPLES_DIR, relative);
}

/** Writes `content` to a fresh temp folder (with optional siblings) and returns the file's path. */
export function writeTempFile(
  name: string,
  content: string | Uint8Array,
  siblings: Record<string, string> = {},
): string {
  const folder = mkdtempSync(join(tmpdir(), "import-test-"));
  for (const [sibling, text] of Object.entries(siblings)) writeFileSync(join(folder, sibling), text);
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

export type Collected = {
  rollouts: NormalizedRollout[];
  errors: Extract<ParsedRecord, { kind: "error" }>[];
  items: ParsedRecord[];
};

/** Runs an importer over a file and splits what it yields. */
export async function collectImport(
  importer: FormatImporter,
  path: string,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<Collected> {
  const items: ParsedRecord[] = [];
  for await (const item of importer.parse({ path, name: basename(path) }, limits)) items.push(item);
  return {
    items,
    rollouts: items.flatMap((item) => (item.kind === "rollout" ? [item.rollout] : [])),
    errors: items.flatMap((item) => (item.kind === "error" ? [item] : [])),
  };
}

/** Totals over rollouts: messages, tool calls, tool results, results linked to an earlier call. */
export function summarizeRollouts(rollouts: NormalizedRollout[]) {
  let messages = 0;
  let calls = 0;
  let results = 0;
  let linked = 0;
  for (const rollout of rollouts) {
    messages += rollout.messages.length;
    const links = countToolLinks(rollout.messages);
    calls += links.calls;
    results += links.results;
    linked += links.linked;
  }
  return { rollouts: rollouts.length, messages, calls, results, linked };
}

import { join } from "node:path";
import { anthropicImporter } from "@/lib/imports/formats/anthropic";
import { openaiImporter } from "@/lib/imports/formats/openai";
import { collectImport } from "@/lib/imports/testing/corpus";
import type { NormalizedRollout } from "@/lib/imports/types";
import type { ScanMessage } from "./types";

// Test helpers: the labelled example transcripts under __fixtures__ (in importer formats), read
// through the real importers, as scanners see them after an import.

export const FIXTURES_DIR = join(process.cwd(), "lib/scanners/__fixtures__");

export type LabelledRollout = {
  id: string;
  kind: "hack" | "control";
  expect: string[];
  messages: ScanMessage[];
};

export function toScanMessages(rollout: NormalizedRollout): ScanMessage[] {
  return rollout.messages.map((m, index) => ({
    index,
    role: m.role,
    text: m.text,
    toolCalls: m.toolCalls ?? null,
    toolCallId: m.toolCallId ?? null,
    toolName: m.toolName ?? null,
    error: m.error ?? null,
    metadata: m.metadata ?? null,
  }));
}

/**
 * The labelled sets: `examples` were written with the signatures; `held-out-style` was written
 * independently, in the shape of the external held-out set (15 kinds of hacks, a third subtle, and
 * hard-negative controls), to measure how far the signatures generalise.
 */
const FIXTURE_SETS = {
  examples: ["openai-tool-calls.jsonl", "anthropic-claude-code-tools.jsonl"],
  "held-out-style": ["held-out-style-openai.jsonl", "held-out-style-anthropic.jsonl"],
} as const;

/** Every labelled transcript of a set, imported with its format's importer. */
export async function loadLabelledFixtures(
  set: keyof typeof FIXTURE_SETS = "examples",
): Promise<LabelledRollout[]> {
  const [openaiFile, anthropicFile] = FIXTURE_SETS[set];
  const files = [
    { importer: openaiImporter, file: openaiFile },
    { importer: anthropicImporter, file: anthropicFile },
  ];
  const out: LabelledRollout[] = [];
  for (const { importer, file } of files) {
    const { rollouts, errors } = await collectImport(importer, join(FIXTURES_DIR, file));
    if (errors.length > 0) throw new Error(`${file}: ${errors[0].message}`);
    for (const rollout of rollouts) {
      const meta = rollout.metadata as { kind?: "hack" | "control"; expect?: string[] };
      out.push({
        id: rollout.taskKey ?? "",
        kind: meta.kind ?? "control",
        expect: meta.expect ?? [],
        messages: toScanMessages(rollout),
      });
    }
  }
  return out;
}

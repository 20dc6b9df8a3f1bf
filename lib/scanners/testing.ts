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

/** Every labelled example transcript, imported with its format's importer. */
export async function loadLabelledFixtures(): Promise<LabelledRollout[]> {
  const files = [
    { importer: openaiImporter, file: "openai-tool-calls.jsonl" },
    { importer: anthropicImporter, file: "anthropic-claude-code-tools.jsonl" },
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

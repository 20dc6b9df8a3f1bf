import { readFormatSample } from "@/lib/imports/read/read-file-head";
import type { FormatImporter, FormatSample, ImportFormat, ImportSource } from "@/lib/imports/types";
import { IMPORTERS } from "./formats";

export type DetectedFormat = { format: ImportFormat; confidence: number };

/** The registered format that claims the sample most strongly, or null when none does. */
export function detectFormat(
  sample: FormatSample,
  importers: readonly FormatImporter[] = IMPORTERS,
): DetectedFormat | null {
  let best: DetectedFormat | null = null;
  for (const importer of importers) {
    const confidence = Math.min(100, Math.max(0, scoreSafely(importer, sample)));
    if (confidence > 0 && (!best || confidence > best.confidence))
      best = { format: importer.format, confidence };
  }
  return best;
}

/** Reads the first 64 KiB of a file and detects its format. */
export async function detectSourceFormat(source: ImportSource): Promise<DetectedFormat | null> {
  return detectFormat(await readFormatSample(source));
}

/** A detector that throws on odd input simply does not claim it. */
function scoreSafely(importer: FormatImporter, sample: FormatSample): number {
  try {
    const score = importer.detect(sample);
    return Number.isFinite(score) ? score : 0;
  } catch {
    return 0;
  }
}

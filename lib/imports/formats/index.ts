import type { FormatImporter, ImportFormat } from "@/lib/imports/types";
import { acpImporter } from "./acp";
import { anthropicImporter } from "./anthropic";
import { atifImporter } from "./atif";
import { codexImporter } from "./codex";
import { geminiCliImporter } from "./gemini-cli";
import { inspectImporter } from "./inspect";
import { karotteImporter } from "./karotte";
import { langfuseImporter } from "./langfuse";
import { openaiImporter } from "./openai";
import { openhandsImporter } from "./openhands";
import { sweAgentImporter } from "./swe-agent";
import { tau2Importer } from "./tau2";
import { verifiersImporter } from "./verifiers";

// Every transcript importer. Order breaks detection ties (earlier wins), so specific formats come
// before the generic chat formats they resemble (mini-swe-agent is OpenAI-shaped, for instance).
export const IMPORTERS: readonly FormatImporter[] = [
  inspectImporter,
  sweAgentImporter,
  openhandsImporter,
  karotteImporter,
  verifiersImporter,
  atifImporter,
  langfuseImporter,
  codexImporter,
  geminiCliImporter,
  tau2Importer,
  acpImporter,
  anthropicImporter,
  openaiImporter,
];

/** The importer for a format name, or null when none is registered. */
export function getImporter(format: ImportFormat): FormatImporter | null {
  return IMPORTERS.find((importer) => importer.format === format) ?? null;
}

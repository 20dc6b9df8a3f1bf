import { parse as parseToml } from "smol-toml";
import type { ExportFile } from "./export-file";

// The studio checks what it writes before anyone downloads it: every .json parses, every line of
// every .jsonl parses, every .toml parses. A failure is a bug in an exporter, never the user's.

const decoder = new TextDecoder("utf-8", { fatal: true });

export type ValidationSummary = { json: number; jsonl: number; toml: number };

function readText(file: ExportFile): string {
  return typeof file.content === "string" ? file.content : decoder.decode(file.content);
}

export function validateExportFiles(files: ExportFile[]): ValidationSummary {
  const summary: ValidationSummary = { json: 0, jsonl: 0, toml: 0 };
  for (const file of files) {
    try {
      if (file.path.endsWith(".json")) {
        JSON.parse(readText(file));
        summary.json += 1;
      } else if (file.path.endsWith(".jsonl")) {
        readText(file)
          .split("\n")
          .forEach((line, i) => {
            if (line.trim() === "") return;
            try {
              JSON.parse(line);
            } catch (error) {
              throw new Error(`line ${i + 1}: ${(error as Error).message}`);
            }
          });
        summary.jsonl += 1;
      } else if (file.path.endsWith(".toml")) {
        parseToml(readText(file));
        summary.toml += 1;
      }
    } catch (error) {
      throw new Error(`The export wrote an invalid ${file.path}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return summary;
}

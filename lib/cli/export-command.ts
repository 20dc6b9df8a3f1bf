import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/exports/formats";
import { getCliContext } from "./accounts-commands";
import { printResult } from "./output";
import { CliUsageError, withDatabase } from "./program";

/** `studio export ENV[@VERSION] --workspace S --format F --out PATH` (docs/api-and-cli.md). */
export function registerExportCommand(program: Command): void {
  program
    .command("export")
    .description(
      "write an approved version of an environment (the latest when @VERSION is omitted) as a .tar.gz; " +
        "prints the written path. Exit 1 when the environment has no approved version",
    )
    .argument("<environment>", "environment slug, optionally with @VERSION (e.g. ai-safety-research@2)")
    .requiredOption("--workspace <slug>", "workspace slug")
    .requiredOption("--format <format>", EXPORT_FORMATS.join(", "))
    .requiredOption("--out <path>", "file to write, or an existing folder to write the archive into")
    .action(async (ref: string, options: { workspace: string; format: string; out: string }) => {
      if (!(EXPORT_FORMATS as readonly string[]).includes(options.format)) {
        throw new CliUsageError(`unknown format "${options.format}": use ${EXPORT_FORMATS.join(", ")}`);
      }
      const [{ exportSnapshot }, { attachDeployedJudge }, { getVersionSnapshot }, { parseVersionRef }] =
        await Promise.all([
          import("@/lib/exports/build-export"),
          import("@/lib/judges/export-judge"),
          import("@/lib/versions/queries"),
          import("@/lib/versions/schemas"),
        ]);
      let target: { slug: string; version: number | null };
      try {
        target = parseVersionRef(ref);
      } catch (error) {
        throw new CliUsageError((error as Error).message);
      }
      const written = await withDatabase(async () => {
        const ctx = await getCliContext(options.workspace);
        const { snapshot } = await getVersionSnapshot({ ctx, ...target });
        const withJudge = await attachDeployedJudge({ ctx, snapshot });
        const { fileName, bytes } = await exportSnapshot(withJudge, options.format as ExportFormat);
        const isFolder = fs.existsSync(options.out) && fs.statSync(options.out).isDirectory();
        const file = path.resolve(isFolder ? path.join(options.out, fileName) : options.out);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, bytes);
        return file;
      });
      printResult({ path: written }, written);
    });
}

import type { Command } from "commander";
import type { ImportFileSummary } from "@/lib/imports/schemas";
import { describeSkippedRecords } from "@/lib/imports/skipped-records";
import { getCliContext } from "./accounts-commands";
import { expandImportPaths } from "./import-paths";
import { printResult } from "./output";
import { EXIT_FAILED, withDatabase } from "./program";

const formatCount = (n: number) => n.toLocaleString("en-US");

/** One line per file: the format it was read as and what came of it. */
function describeFile(file: ImportFileSummary): string {
  if (file.note) return `${file.file}: ${file.note}`;
  const counts = [
    `${formatCount(file.imported)} imported`,
    file.skipped ? `${formatCount(file.skipped)} skipped` : "",
    file.failed ? `${formatCount(file.failed)} failed` : "",
    describeSkippedRecords(file.skippedRecords),
  ];
  const format = file.format ? `read as ${file.format}` : "not imported";
  const warnings = (file.warnings ?? []).map((warning) => `\n  ${warning}`).join("");
  return `${file.file}: ${format} · ${counts.filter(Boolean).join(" · ")}${warnings}`;
}

export function registerImportCommand(program: Command): void {
  program
    .command("import")
    .description(
      "import rollouts from transcript files; the last line of output is a JSON summary. " +
        "Exit 0 when nothing failed, 1 when some records failed (the rest imported), 2 on bad usage or an unreadable file",
    )
    .argument("<paths...>", "transcript files (JSON, JSONL, .traj, .eval, …) or folders, read recursively")
    .requiredOption("--workspace <slug>", "workspace slug")
    .option(
      "--format <format>",
      "openai, anthropic, inspect, verifiers, atif, swe-agent, openhands, karotte, langfuse, codex, gemini-cli, tau2, acp (default: detected)",
    )
    .option("--environment <slug>", "link rollouts to this environment's tasks by task key")
    .option(
      "--reward-key <name>",
      "take each rollout's reward from this score (`match.accuracy`, or `accuracy` when that names one score); for scorers with several named values",
    )
    .option("--quiet", "print only the summary")
    .action(
      async (
        paths: string[],
        options: {
          workspace: string;
          format?: string;
          environment?: string;
          rewardKey?: string;
          quiet?: boolean;
        },
      ) => {
        const [{ importOptionsInput }, { importFiles }, { parseInput }] = await Promise.all([
          import("@/lib/imports/schemas"),
          import("@/lib/imports/start-import"),
          import("@/lib/validation"),
        ]);
        const importOptions = parseInput(importOptionsInput, {
          format: options.format,
          environment: options.environment,
          rewardKey: options.rewardKey,
        });
        const { files, ignored } = expandImportPaths(paths);
        if (ignored.length > 0 && !options.quiet) {
          process.stderr.write(
            `Not read (not transcript files by their extension): ${ignored.slice(0, 10).join(", ")}${ignored.length > 10 ? ` and ${ignored.length - 10} more` : ""}\n`,
          );
        }
        const summary = await withDatabase(async () =>
          importFiles({
            ctx: await getCliContext(options.workspace),
            files,
            options: importOptions,
            onUpdate: options.quiet
              ? undefined
              : (job) =>
                  process.stderr.write(
                    `\r${Math.round(100 * (job.fraction ?? 0))}% · ${formatCount(job.done)} stored or skipped · ${formatCount(job.failed)} failed   `,
                  ),
          }),
        );
        if (!options.quiet) {
          process.stderr.write("\n");
          if (summary.imported > 0)
            process.stderr.write(
              "Search: a running studio or `studio worker` indexes new rollouts; `studio index` does it now.\n",
            );
        }
        for (const file of summary.files) process.stderr.write(`${describeFile(file)}\n`);
        for (const error of summary.errors) {
          const where = [
            error.file,
            error.line ? `line ${error.line}` : error.record ? `record ${error.record}` : "",
          ];
          process.stderr.write(`${where.filter(Boolean).join(" ")}: ${error.message}\n`);
        }
        const { imported, skipped, failed, errors } = summary;
        printResult({
          imported,
          skipped,
          failed,
          errors,
          run: summary.run,
          unlinked: summary.unlinked,
          files: summary.files,
        });
        // Every file unreadable as a whole is bad input (2); some bad records among good ones is 1.
        const fileErrors = errors.filter((e) => e.record === undefined && e.line === undefined).length;
        if (failed > 0)
          process.exitCode = fileErrors === files.length && imported + skipped === 0 ? 2 : EXIT_FAILED;
      },
    );
}

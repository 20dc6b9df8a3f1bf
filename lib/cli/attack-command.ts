import type { Command } from "commander";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/exports/formats";
import type { JobKind } from "@/lib/jobs";
import { getCliContext } from "./accounts-commands";
import { parseGraderTarget, resolveTargetVersion } from "./grader-target";
import { printResult } from "./output";
import { CliUsageError, EXIT_FAILED, withDatabase } from "./program";

/**
 * `studio attack ENV[@V|@draft] --workspace W [--format F] [--provider NAME [--model-attacks N]]`
 * (docs/api-and-cli.md).
 */
export function registerAttackCommand(program: Command): void {
  program
    .command("attack")
    .description(
      "attack each task's grader with non-solutions and scripted hacks through each format's exported grader, " +
        "sandboxed; the last line is {tasks:[{task,verdict,attacks:[{name,score,passed}],skipped}],…}. " +
        "Exit 0 when every task is robust, 1 when one is hackable",
    )
    .argument("<environment>", "environment slug with @VERSION (the latest approved when omitted) or @draft")
    .requiredOption("--workspace <slug>", "workspace slug")
    .option("--format <format>", `one format: ${EXPORT_FORMATS.join(", ")} (default: all)`)
    .option(
      "--provider <name>",
      "a workspace provider: it writes model attacks and judges the rubric criteria (default: none, criteria not attacked)",
    )
    .option("--model-attacks <n>", "model-written attacks per task with --provider, 0 to 10 (default 3)")
    .action(
      async (
        ref: string,
        options: { workspace: string; format?: string; provider?: string; modelAttacks?: string },
      ) => {
        if (options.format && !(EXPORT_FORMATS as readonly string[]).includes(options.format))
          throw new CliUsageError(`unknown format "${options.format}": use ${EXPORT_FORMATS.join(", ")}`);
        const modelAttacks = options.modelAttacks === undefined ? undefined : Number(options.modelAttacks);
        if (
          modelAttacks !== undefined &&
          !(Number.isInteger(modelAttacks) && modelAttacks >= 0 && modelAttacks <= 10)
        )
          throw new CliUsageError(
            `--model-attacks takes a whole number from 0 to 10, not "${options.modelAttacks}"`,
          );
        if (modelAttacks !== undefined && !options.provider)
          throw new CliUsageError("--model-attacks needs --provider (a model writes them)");
        const [{ attackJob }, { attackReport }, { startAttack }, { runJobHere }] = await Promise.all([
          import("@/lib/grader-attacks/attack-job"),
          import("@/lib/grader-attacks/report"),
          import("@/lib/grader-attacks/start-attack"),
          import("@/lib/jobs"),
        ]);
        const target = await parseGraderTarget(ref);
        const report = await withDatabase(async () => {
          const ctx = await getCliContext(options.workspace);
          const version = await resolveTargetVersion(ctx, target);
          const { jobId } = await startAttack({
            ctx,
            input: {
              slug: target.slug,
              version,
              format: (options.format as ExportFormat | undefined) ?? null,
              provider: options.provider ?? null,
              modelAttacks,
            },
          });
          let shown = -1;
          const job = await runJobHere({
            kind: attackJob as JobKind<unknown>,
            jobId,
            onUpdate: (row) => {
              if (row.done === shown) return;
              shown = row.done;
              process.stderr.write(
                `graded ${row.done}${row.total === null ? "" : ` of ${row.total}`} attacks\n`,
              );
            },
          });
          if (job.status !== "succeeded")
            throw new Error(`attack run ${job.status}: ${job.error ?? "no result"}`);
          return attackReport.parse(job.result);
        });
        for (const skipped of report.skippedFormats)
          process.stderr.write(`${skipped.format}: skipped. ${skipped.reason}\n`);
        process.stderr.write(`judge: ${report.judgeNote}\n`);
        for (const task of report.tasks) {
          const beat = task.attacks.filter((a) => a.passed);
          process.stderr.write(
            `${task.verdict === "hackable" ? "HACKABLE" : "robust  "} ${task.task}: ${task.succeeded} of ${task.tried} attacks got through\n`,
          );
          for (const a of beat)
            process.stderr.write(
              `  ${a.name} (${a.format}): ${a.reason}${a.letThrough.length ? `; let through by ${a.letThrough.join(", ")}` : ""}\n`,
            );
        }
        if (report.error) process.stderr.write(`${report.error}\n`);
        printResult(report);
        if (!report.ok) process.exitCode = EXIT_FAILED;
      },
    );
}

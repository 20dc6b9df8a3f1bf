import type { Command } from "commander";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/exports/formats";
import type { JobKind } from "@/lib/jobs";
import { getCliContext } from "./accounts-commands";
import { parseGraderTarget, resolveTargetVersion } from "./grader-target";
import { printResult } from "./output";
import { CliUsageError, EXIT_FAILED, withDatabase } from "./program";

/** `studio validate ENV[@V|@draft] --workspace W [--format F]` (docs/api-and-cli.md Wave 2). */
export function registerValidateCommand(program: Command): void {
  program
    .command("validate")
    .description(
      "run each task's reference solution and an empty answer through each format's exported grader, " +
        "sandboxed; the last line is {tasks:[{task,format,oracle,null,ok}],…}. Exit 0 when every row is ok, 1 otherwise",
    )
    .argument("<environment>", "environment slug with @VERSION (the latest approved when omitted) or @draft")
    .requiredOption("--workspace <slug>", "workspace slug")
    .option("--format <format>", `one format: ${EXPORT_FORMATS.join(", ")} (default: all)`)
    .action(async (ref: string, options: { workspace: string; format?: string }) => {
      if (options.format && !(EXPORT_FORMATS as readonly string[]).includes(options.format))
        throw new CliUsageError(`unknown format "${options.format}": use ${EXPORT_FORMATS.join(", ")}`);
      const [{ validationReport }, { startValidation }, { validationJob }, { runJobHere }] =
        await Promise.all([
          import("@/lib/grader-validation/report"),
          import("@/lib/grader-validation/start-validation"),
          import("@/lib/grader-validation/validation-job"),
          import("@/lib/jobs"),
        ]);
      const target = await parseGraderTarget(ref);
      const report = await withDatabase(async () => {
        const ctx = await getCliContext(options.workspace);
        const version = await resolveTargetVersion(ctx, target);
        const { jobId } = await startValidation({
          ctx,
          input: { slug: target.slug, version, format: (options.format as ExportFormat | undefined) ?? null },
        });
        let shown = -1;
        const job = await runJobHere({
          kind: validationJob as JobKind<unknown>,
          jobId,
          onUpdate: (row) => {
            if (row.done === shown) return;
            shown = row.done;
            process.stderr.write(
              `validated ${row.done}${row.total === null ? "" : ` of ${row.total}`} task × format rows\n`,
            );
          },
        });
        if (job.status !== "succeeded")
          throw new Error(`validation ${job.status}: ${job.error ?? "no result"}`);
        return validationReport.parse(job.result);
      });
      for (const skipped of report.skipped)
        process.stderr.write(`${skipped.format}: skipped. ${skipped.reason}\n`);
      process.stderr.write(`judge: ${report.judgeNote}\n`);
      for (const v of report.conformance ?? [])
        process.stderr.write(`${v.format}: the runner would refuse the export [${v.rule}] ${v.message}\n`);
      for (const row of report.tasks.filter((r) => !r.ok))
        process.stderr.write(`FAIL ${row.task} (${row.format}): ${row.reason}\n`);
      if (report.error) process.stderr.write(`${report.error}\n`);
      printResult(report);
      if (!report.ok) process.exitCode = EXIT_FAILED;
    });
}

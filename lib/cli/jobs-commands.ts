import type { Command } from "commander";
import { printError, printResult } from "./output";
import { CliUsageError, EXIT_FAILED, withDatabase } from "./program";

const WAIT_POLL_MS = 500;

function parsePositive(value: string, name: string, { integer }: { integer: boolean }): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new CliUsageError(`${name} must be a positive ${integer ? "whole " : ""}number, not "${value}"`);
  return n;
}

/** `studio worker` and `studio jobs wait` (docs/api-and-cli.md, Wave 2). */
export function registerJobsCommands(program: Command): void {
  program
    .command("worker")
    .description(
      "run background jobs (imports, search indexing, judging, scanning) until stopped (Ctrl-C); any number may run at once",
    )
    .option("--concurrency <n>", "jobs this worker runs at once", "2")
    .action(async (options: { concurrency: string }) => {
      const concurrency = parsePositive(options.concurrency, "--concurrency", { integer: true });
      const [{ closeDatabase, getDatabase }, { migrateDatabase }, { stopBoss }, { startWorker }] =
        await Promise.all([
          import("@/db/client"),
          import("@/db/migrate"),
          import("@/lib/jobs/boss"),
          import("@/lib/jobs/worker"),
        ]);
      await migrateDatabase(getDatabase());
      const worker = await startWorker({ concurrency });
      process.stderr.write(
        `worker ${process.pid}: running up to ${concurrency} job(s) at once; Ctrl-C stops\n`,
      );
      await new Promise<void>((resolve) => {
        const stop = (signal: string) => {
          process.stderr.write(`worker ${process.pid}: ${signal}, putting running jobs back in the queue\n`);
          resolve();
        };
        process.once("SIGINT", () => stop("SIGINT"));
        process.once("SIGTERM", () => stop("SIGTERM"));
      });
      await worker.stop();
      await stopBoss();
      await closeDatabase();
      printResult({ worker: process.pid, stopped: true }, []);
    });

  program
    .command("jobs")
    .description("background jobs")
    .command("wait")
    .description("return when no job is queued or running (exit 0), or exit 1 after --timeout seconds")
    .option("--timeout <seconds>", "give up after this many seconds")
    .option("--quiet", "print nothing while waiting")
    .action(async (options: { timeout?: string; quiet?: boolean }) => {
      const timeoutMs =
        options.timeout === undefined
          ? null
          : parsePositive(options.timeout, "--timeout", { integer: false }) * 1000;
      const started = Date.now();
      const { countUnfinishedJobs } = await import("@/lib/jobs/queries");
      const remaining = await withDatabase(async () => {
        let last = -1;
        for (;;) {
          const count = await countUnfinishedJobs();
          if (count === 0) return 0;
          if (!options.quiet && count !== last) process.stderr.write(`${count} job(s) queued or running\n`);
          last = count;
          if (timeoutMs !== null && Date.now() - started >= timeoutMs) return count;
          await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
        }
      });
      if (remaining > 0) {
        printError(
          "timeout",
          `${remaining} job(s) still queued or running after ${options.timeout} s (is a worker or the studio running?)`,
        );
        process.exitCode = EXIT_FAILED;
      } else printResult({ remaining: 0 }, []);
    });
}

import type { Command } from "commander";
import { getCliContext } from "./accounts-commands";
import { printResult } from "./output";
import { CliUsageError, withDatabase } from "./program";

/**
 * `studio check ENV --workspace W [--model] [--provider NAME]`: the coverage check of every task of
 * ENV; with --model the model-first review too (through the named provider, or the workspace's only
 * one). Last line: {"tasks":[{"task","findings":[{"kind","source",…}]}]}. Exit 0 when no task has an
 * open error, 1 otherwise (and when a model review failed or was unreadable).
 */
export function registerCheckCommand(program: Command): void {
  program
    .command("check")
    .description('coverage check of every task of an environment; prints {"tasks":[…]}')
    .argument("<environment>", "environment slug")
    .requiredOption("--workspace <slug>", "workspace slug")
    .option("--model", "also run the model-first review (calls a model provider)")
    .option("--provider <name>", "the provider for --model (default: the workspace's only provider)")
    .option("--quiet", "print only the result")
    .action(
      async (
        environment: string,
        options: { workspace: string; model?: boolean; provider?: string; quiet?: boolean },
      ) => {
        const [{ listProviders }, { checkEnvironment }] = await Promise.all([
          import("@/lib/providers/queries"),
          import("@/lib/tasks/check-environment"),
        ]);
        const result = await withDatabase(async () => {
          const ctx = await getCliContext(options.workspace);
          let providerId: string | undefined;
          if (options.model) {
            const providers = await listProviders({ ctx });
            const chosen = options.provider
              ? providers.find((p) => p.name === options.provider)
              : providers.length === 1
                ? providers[0]
                : undefined;
            if (!chosen)
              throw new CliUsageError(
                options.provider
                  ? `no provider named "${options.provider}" in this workspace`
                  : `--model needs --provider NAME (this workspace has ${providers.length} providers)`,
              );
            providerId = chosen.id;
          }
          return checkEnvironment({
            ctx,
            environmentSlug: environment,
            providerId,
            onTask: (key, done, total) => {
              if (!options.quiet) process.stderr.write(`\rchecked ${done}/${total} (${key})   `);
            },
          });
        });
        if (!options.quiet && result.tasks.length > 0) process.stderr.write("\n");
        printResult(result);
        const hasError = result.tasks.some(
          (t) =>
            t.findings.some((f) => f.severity === "error" && !f.disputed) ||
            (t.review && t.review.status !== "reviewed"),
        );
        if (hasError) process.exitCode = 1;
      },
    );
}

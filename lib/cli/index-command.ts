import type { Command } from "commander";
import { printResult } from "./output";
import { withDatabase } from "./program";

const formatCount = (n: number) => n.toLocaleString("en-US");

/**
 * `studio index`: makes every imported rollout searchable now. The studio server does the same in
 * the background; this is for scripts that search right after `studio import` with no server running.
 */
export function registerIndexCommand(program: Command): void {
  program
    .command("index")
    .description("build the full-text search index for imported rollouts that are not searchable yet")
    .option("--quiet", "print only the summary")
    .action(async (options: { quiet?: boolean }) => {
      const started = performance.now();
      const { indexAllPendingRollouts } = await import("@/lib/search/index-rollouts");
      const total = await withDatabase(() =>
        indexAllPendingRollouts({
          onBatch: (_batch, sum) => {
            if (!options.quiet)
              process.stderr.write(
                `\r${formatCount(sum.rollouts)} rollouts · ${formatCount(sum.messages)} messages indexed   `,
              );
          },
        }),
      );
      if (!options.quiet && total.messages > 0) process.stderr.write("\n");
      printResult({ ...total, seconds: Math.round((performance.now() - started) / 100) / 10 });
    });
}

import type { Command } from "commander";
import { assertCan } from "@/lib/auth/context";
import { scanAllPendingRollouts } from "@/lib/scanners/scan-rollouts";
import { getCliContext } from "./accounts-commands";
import { withDatabase } from "./program";

const formatCount = (n: number) => n.toLocaleString("en-US");

/**
 * `studio scan --workspace W`: runs every enabled deterministic signature over the workspace's
 * rollouts not scanned yet, to completion; the last line is `{"scanned":n,"flagged":n}`.
 */
export function registerScanCommand(program: Command): void {
  program
    .command("scan")
    .description(
      'scan the workspace\'s unscanned rollouts for reward hacks; prints {"scanned":n,"flagged":n}',
    )
    .requiredOption("--workspace <slug>", "workspace slug")
    .option("--quiet", "print only the summary")
    .action(async (options: { workspace: string; quiet?: boolean }) => {
      const total = await withDatabase(async () => {
        const ctx = await getCliContext(options.workspace);
        assertCan(ctx, "scanners.run");
        return scanAllPendingRollouts({
          workspaceId: ctx.workspace.id,
          onBatch: (_batch, sum) => {
            if (!options.quiet)
              process.stderr.write(
                `\r${formatCount(sum.scanned)} rollouts scanned · ${formatCount(sum.flagged)} flagged   `,
              );
          },
        });
      });
      if (!options.quiet && total.scanned > 0) process.stderr.write("\n");
      console.log(JSON.stringify({ scanned: total.scanned, flagged: total.flagged }));
    });
}

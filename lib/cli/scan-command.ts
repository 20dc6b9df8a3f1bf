import type { Command } from "commander";
import { getCliContext } from "./accounts-commands";
import { printResult } from "./output";
import { withDatabase } from "./program";

const formatCount = (n: number) => n.toLocaleString("en-US");

/**
 * `studio scan --workspace W`: runs every enabled deterministic signature over the workspace's
 * rollouts not scanned yet (and those an older signature set scanned), then the deployed LLM scanner
 * over the rollouts it hasn't answered, to completion; the last line is `{"scanned":n,"flagged":n,
 * "verdict":{…}}` (with `"llm":{…}` when the LLM scanner ran). `verdict` is the workspace's flagged
 * rollouts by the studio's one verdict per rollout, with the rule behind each count: `rules` alone,
 * `both` (the deployed model agreed), `model` alone, and `disputed` (kept for review, not counted).
 */
export function registerScanCommand(program: Command): void {
  program
    .command("scan")
    .description(
      'scan the workspace\'s unscanned rollouts for reward hacks; prints {"scanned":n,"flagged":n}',
    )
    .requiredOption("--workspace <slug>", "workspace slug")
    .option("--quiet", "print only the summary")
    .option("--no-llm", "skip the deployed LLM scanner (it calls a model provider)")
    .action(async (options: { workspace: string; quiet?: boolean; llm: boolean }) => {
      const [
        { assertCan },
        { executeLlmScan, llmScanPayload },
        { findDeployedLlmScanner },
        { scanAllPendingRollouts },
        { getScanProgress },
      ] = await Promise.all([
        import("@/lib/auth/context"),
        import("@/lib/scanners/llm/llm-scan-job"),
        import("@/lib/scanners/llm/llm-versions"),
        import("@/lib/scanners/scan-rollouts"),
        import("@/lib/scanners/queries"),
      ]);
      const { total, llm, verdict } = await withDatabase(async () => {
        const ctx = await getCliContext(options.workspace);
        assertCan(ctx, "scanners.run");
        const total = await scanAllPendingRollouts({
          workspaceId: ctx.workspace.id,
          onBatch: (_batch, sum) => {
            if (!options.quiet)
              process.stderr.write(
                `\r${formatCount(sum.scanned)} rollouts scanned · ${formatCount(sum.flagged)} flagged   `,
              );
          },
        });
        if (!options.quiet && total.scanned > 0) process.stderr.write("\n");
        // The deployed LLM scanner, over every rollout it hasn't answered.
        const deployed = options.llm ? await findDeployedLlmScanner(ctx.workspace.id) : null;
        const readVerdict = async () => {
          const progress = await getScanProgress({ ctx });
          return { flagged: progress.flagged, ...progress.bySource, disputed: progress.disputed };
        };
        if (!deployed) return { total, llm: null, verdict: await readVerdict() };
        assertCan(ctx, "scanners.llm");
        let done = 0;
        const llm = await executeLlmScan({
          ctx,
          version: deployed,
          payload: llmScanPayload.parse({ versionId: deployed.id, purpose: "run" }),
          onItem: () => {
            done += 1;
            if (!options.quiet)
              process.stderr.write(`\rLLM scanner v${deployed.version}: ${formatCount(done)} asked   `);
          },
        });
        if (!options.quiet && done > 0) process.stderr.write("\n");
        return { total, llm, verdict: await readVerdict() };
      });
      const summary = llm
        ? {
            scanned: total.scanned,
            flagged: total.flagged,
            llm: {
              version: llm.version,
              answered: llm.answered,
              hacks: llm.hacks,
              unevaluable: llm.unevaluable,
              failed: llm.failed,
            },
            verdict,
          }
        : { scanned: total.scanned, flagged: total.flagged, verdict };
      printResult(summary);
    });
}
